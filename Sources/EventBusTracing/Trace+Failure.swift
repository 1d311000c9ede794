public import EventBus

extension Trace {
    /// A handler that threw while a publish was delivered, as the trace holds it: who (named as
    /// in ``Entry/recipients``) and the error's description. See ``Entry/failures``.
    public struct Failure: Sendable, Hashable {
        /// The subscription whose handler (or interceptor) threw.
        public let subscription: PublishRecord.Recipient
        /// The error, as `String(describing:)` printed it when it was thrown.
        public let errorDescription: String

        /// Creates a failure (for tests of tools that read traces).
        public init(subscription: PublishRecord.Recipient, errorDescription: String) {
            self.subscription = subscription
            self.errorDescription = errorDescription
        }
    }
}
