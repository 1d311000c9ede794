import EventDemo
import Testing

@Suite("Profile pane rendering")
struct ProfilePaneRenderTests {
    private func render(_ state: ProfileState) -> String {
        Fixtures.render(width: 40, height: 6) { buffer, rect in
            ProfilePane.render(state, focused: false, timeFormat: Fixtures.utc, into: &buffer, in: rect)
        }
    }

    @Test func saysThereIsNoProfileWhenSignedOut() {
        assertGolden(render(.empty), named: "profile-empty")
    }

    @Test func showsALoadingMessageWhileFetching() {
        assertGolden(render(.loading), named: "profile-loading")
    }

    @Test func showsNamePointsTierAndLastLoginWhenLoaded() {
        assertGolden(render(.loaded(Fixtures.profile)), named: "profile-loaded")
    }

    @Test func saysFirstVisitWhenThereIsNoPreviousLogin() {
        var profile = Fixtures.profile
        profile.lastLogin = nil

        let text = render(.loaded(profile))

        #expect(text.contains("Last login  first visit"))
    }

    @Test func showsTheCartCountAndHowOftenItArrived() {
        let text = Fixtures.render(width: 40, height: 6) { buffer, rect in
            ProfilePane.render(
                .loaded(Fixtures.profile), cart: ProfileCartLine(itemCount: 3, updates: 2), focused: false,
                timeFormat: Fixtures.utc, into: &buffer, in: rect)
        }
        assertGolden(text, named: "profile-loaded-cart")
    }

    @Test func saysHowToReopenWhenClosed() {
        let text = Fixtures.render(width: 40, height: 6) { buffer, rect in
            ProfilePane.renderClosed(focused: false, into: &buffer, in: rect)
        }
        assertGolden(text, named: "profile-closed")
    }
}
