/// Where a subscription is listed, so its token can end it or ask about it.
///
/// Tokens don't reference their entry (see the ownership rule on ``AnySubscription``); they
/// hand its ``SubscriptionID`` back here, and the list, under its lock, is the one place that
/// decides whether the entry still exists.
protocol SubscriptionRemoving: AnyObject, Sendable {
    /// Marks the entry cancelled and removes it, if it is still listed. Releases it, and with
    /// it the handler, after unlocking.
    func cancel(_ id: SubscriptionID)

    /// Whether no event can reach the entry any more (true once it is no longer listed).
    func isFinished(_ id: SubscriptionID) -> Bool
}

/// Names one listed entry without keeping it alive.
///
/// The address alone could name a later entry allocated at the same place; the serial number,
/// given by the entry's list when it was added and never reused by that list, rules that out.
struct SubscriptionID: Sendable, Hashable {
    let eventKey: ObjectIdentifier
    let address: ObjectIdentifier
    let serial: UInt64
    /// With the serial, where the entry sorts in its list: its list finds it by binary search.
    let priority: Int

    /// The ID of `entry`, which must already be listed (its serial is set when listed).
    init(_ entry: AnySubscription) {
        eventKey = entry.eventKey
        address = ObjectIdentifier(entry)
        serial = entry.serial
        priority = entry.priority
    }

    func names(_ entry: AnySubscription) -> Bool {
        ObjectIdentifier(entry) == address && entry.serial == serial
    }
}

extension SubscriptionStore: SubscriptionRemoving {}
extension TapStore: SubscriptionRemoving {}
