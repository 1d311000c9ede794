import Foundation
import Testing

@testable import EventDemo

/// A wide log's PAYLOAD column: the event's fields by name, cut after a field when they do not fit.
@Suite("Event log: payload fields")
struct PayloadFieldsTests {
    private static let cart =
        #"{"items":[{"name":"Espresso beans 1kg","quantity":1,"unitPrice":{"cents":1890}},{"name":"Ceramic mug","quantity":2,"unitPrice":{"cents":950}}]}"#

    @Test func namesEveryFieldQuotesStringsAndReadsCentsAsMoney() {
        let sut = PayloadFields.text(ofJSON: #"{"total":{"cents":6240},"orderNumber":1001,"itemCount":3}"#)

        #expect(sut == "itemCount: 3, orderNumber: 1001, total: €62.40")
        #expect(
            PayloadFields.text(ofJSON: #"{"session":1,"username":"alice","late":false}"#)
                == #"late: false, session: 1, username: "alice""#)
        #expect(PayloadFields.text(ofJSON: "not json") == "")
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
        let fields = PayloadFields.text(ofJSON: Self.cart)

        let sut = PayloadFields.fitted(fields, to: width)

        #expect(sut == expected)
        #expect((sut?.count ?? 0) <= width)
    }

    @Test func aTopLevelCutSaysOtherFieldsFollow() {
        let fields = PayloadFields.text(
            ofJSON: #"{"date":"2026-03-14T09:26:53.500Z","session":1,"user":{"id":"a"}}"#)

        #expect(PayloadFields.fitted(fields, to: 47) == #"date: "2026-03-14T09:26:53.500Z", session: 1, …"#)
    }
}
