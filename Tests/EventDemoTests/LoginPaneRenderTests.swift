import EventDemo
import Testing

@Suite("Login pane rendering")
struct LoginPaneRenderTests {
    private func render(_ state: LoginState, focused: Bool = false) -> String {
        Fixtures.render(width: 40, height: 5) { buffer, rect in
            LoginPane.render(state, focused: focused, timeFormat: Fixtures.utc, into: &buffer, in: rect)
        }
    }

    @Test func showsHowToLogInWhenSignedOut() {
        assertGolden(render(.loggedOut), named: "login-logged-out")
    }

    @Test func showsTheUserBeingSignedInWhileLoggingIn() {
        assertGolden(render(.loggingIn(username: "alice")), named: "login-logging-in")
    }

    @Test func showsTheUserAndSinceWhenWhenSignedIn() {
        assertGolden(
            render(.loggedIn(Fixtures.alice, since: Fixtures.date), focused: true), named: "login-logged-in")
    }
}
