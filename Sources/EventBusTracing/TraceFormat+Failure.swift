import EventBus
import Foundation

extension TraceFormat {
    /// One entry of a line's `failures`: a synchronous handler or interceptor that threw while
    /// the publish was delivered, named as in `recipients`, with `error`, the error as
    /// `String(describing:)` prints it (a file holds text, not the error value).
    ///
    /// Added without a version change, as the format allows: older readers ignore the field,
    /// and a line without it (every trace written before it) has no failures.
    ///
    /// Only failures that carry the publish's number are written
    /// (``SubscriberFailure/sequenceNumber``): handlers that run later, on an executor or in a
    /// task, throw after their publish's line may have been written, and are not in the trace.
    struct Failure: Codable {
        var subscriber: String
        var delivery: String
        var executor: String
        var priority: Int
        var error: String

        init(_ failure: SubscriberFailure) {
            subscriber = failure.subscription.subscriberName
            delivery = "\(failure.subscription.delivery)"
            executor = failure.subscription.executorLabel
            priority = failure.subscription.priority
            error = String(describing: failure.error)
        }

        /// The subscription that threw, named as a line's `recipients` name theirs.
        private var recipient: Recipient {
            Recipient(subscriber: subscriber, delivery: delivery, executor: executor, priority: priority)
        }

        func json(_ encoder: JSONEncoder) -> Data {
            var object = recipient.fields(encoder)
            object.add("error", error)
            return object.text
        }

        var record: Trace.Failure {
            Trace.Failure(subscription: recipient.record, errorDescription: error)
        }
    }
}
