import EventBusTracing
import Foundation
import TerminalUI
import Testing

@testable import EventDemo

/// A wide log's PAYLOAD column and the Bus view's LAST PAYLOAD: the event's fields by name, in
/// the order the type declares them, cut after a field when they do not fit.
@Suite("Event log: payload fields")
struct PayloadFieldsTests {
    private static let cart = CartDidUpdateEvent(items: [
        CartItem(name: "Espresso beans 1kg", unitPrice: Money(cents: 1890)),
        CartItem(name: "Ceramic mug", unitPrice: Money(cents: 950), quantity: 2),
    ])

    @Test func namesEveryFieldQuotesStringsAndReadsCentsAsMoney() {
        let sut = PayloadFields.text(
            of: CheckoutDidCompleteEvent(orderNumber: 1001, itemCount: 3, total: Money(cents: 6240)))

        #expect(sut == "orderNumber: 1001, total: €62.40, itemCount: 3")
        #expect(
            PayloadFields.text(of: LoginDidStartEvent(username: "alice", session: 1))
                == #"username: "alice", session: 1"#)
        #expect(PayloadFields.text(of: PayloadValue.string("not an object")) == "")
    }

    @Test func everyEventTypesFieldsComeInTheOrderItDeclaresThem() throws {
        for event in RecordingTests.samples {
            // Given an event of each type, and its stored properties in declaration order
            let declared = Mirror(reflecting: event)
            guard declared.displayStyle == .struct else { continue }  // CartAction: one case's key

            // When it is encoded for the log
            let value = try #require(PayloadValue(encoding: event))

            // Then its fields come in that order, and its JSON reads back as the same event
            guard case .object(let fields) = value else {
                Issue.record("\(type(of: event)) is not an object")
                continue
            }
            #expect(fields.map(\.key) == declared.children.compactMap(\.label), "\(type(of: event))")
            #expect(try Self.decoded(value.json, like: event) == String(describing: event))
        }
    }

    /// The log's narrowest PAYLOAD column that shows fields (50; the Bus view cuts its LAST
    /// PAYLOAD likewise).
    @Test func everyEventTypeKeepsItsMostTellingFieldInTheNarrowestColumn() throws {
        let width = 49
        let telling = [
            "LoginDidStartEvent": #"username: "alice""#,
            "UserDidLoginEvent": #"user: {id: "alice", name: "Alice"}"#,
            "LoginDidCancelEvent": #"username: "alice""#,
            "UserDidLogoutEvent": #"user: {id: "alice", name: "Alice"}"#,
            "ProfileDidLoadEvent": #"profile: {displayName: "Alice Martin""#,
            "CartDidUpdateEvent": #"items: [{name: "Espresso beans 1kg""#,
            "CartAction": "",  // its case comes first: add, remove, clear, checkout
            "CheckoutRequestedEvent": "itemCount: 2, total: €52.90",
            "CheckoutVetoedEvent": #"reason: "over the €100.00 limit""#,
            "CheckoutDidCompleteEvent": "orderNumber: 1001, total: €52.90",
            "LoyaltyDidAwardPointsEvent": "points: 52, orderNumber: 1001",
            "PriceDidTickEvent": #"symbol: "BEAN", price: €41.20, change: -12"#,
        ]
        for event in RecordingTests.samples {
            let name = String(describing: type(of: event))
            let shown = PayloadFields.fitted(PayloadFields.text(of: event), to: width) ?? ""
            #expect(shown.hasPrefix(try #require(telling[name])), "\(name) at \(width): \(shown)")
        }
    }

    @Test(
        arguments: [
            (
                200,
                #"items: [{name: "Espresso beans 1kg", quantity: 1, unitPrice: €18.90}, {name: "Ceramic mug", quantity: 2, unitPrice: €9.50}]"#
            ),
            (65, #"items: [{name: "Espresso beans 1kg", quantity: 1, …}, +1 more]"#),
            (50, #"items: [{name: "Espresso beans 1kg", …}, +1 more]"#),
            (10, nil),
        ] as [(Int, String?)])
    func aLongPayloadIsCutAfterAFieldSayingWhatEachLevelLeavesOut(width: Int, expected: String?) {
        let fields = PayloadFields.text(of: Self.cart)

        let sut = PayloadFields.fitted(fields, to: width)

        #expect(sut == expected)
        #expect((sut?.count ?? 0) <= width)
    }

    @Test func aLoginKeepsItsUserWhereTheDateAndSessionAreCut() {
        // Given a login, whose user sorted keys put last, after a 24-character date
        let login = UserDidLoginEvent(user: Fixtures.alice, date: Fixtures.date, session: 1)

        // When its fields are cut to the width a 140-column log gives them
        let sut = PayloadFields.fitted(PayloadFields.text(of: login), to: 59)

        // Then the user comes first, whole, and the cut says other fields follow (sorted keys
        // showed `date: "2026-03-14T09:26:53.500Z", session: 1, …`)
        #expect(sut == #"user: {id: "alice", name: "Alice"}, …"#)
    }

    @Test func aWideLogShowsTheLoginsUserFirst() {
        // Given a user signed in on a 200-column terminal
        let screen = HeadlessRun.run(
            keys: [.character("l")], size: Size(width: 200, height: 60), services: Fixtures.services(),
            timeFormat: Fixtures.utc
        ).text

        // Then the log's row names the user, and leaves out the date and session after it
        let row = screen.split(separator: "\n").first { $0.contains("UserDidLoginEvent") } ?? ""
        #expect(row.contains(#"UserDidLoginEvent   user: {id: "alice", name: "Alice"}, …  "#), "\(screen)")
    }

    private static func decoded<T: DemoEvent>(_ json: String, like event: T) throws -> String {
        String(describing: try TraceFormat.payloadDecoder().decode(T.self, from: Data(json.utf8)))
    }
}
