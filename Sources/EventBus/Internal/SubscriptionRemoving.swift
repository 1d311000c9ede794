/// Where a subscription is listed, so its token can take it out on cancel.
protocol SubscriptionRemoving: AnyObject, Sendable {
    func remove(_ subscription: AnySubscription)
}

extension SubscriptionStore: SubscriptionRemoving {}
extension TapStore: SubscriptionRemoving {}
