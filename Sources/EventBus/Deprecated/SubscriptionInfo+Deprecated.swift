/// The introspection count's old name, from before one count had one name: what reached a
/// subscription is its delivered event count, beside its dropped event count.
extension SubscriptionInfo {
    /// Renamed ``deliveredEventCount``: the same count, named like ``droppedEventCount``.
    @available(*, deprecated, renamed: "deliveredEventCount")
    public var eventsReceived: Int { deliveredEventCount }

    /// Renamed ``init(eventTypeName:qualifiedEventTypeName:subscriberName:isOwnerBound:delivery:executorLabel:priority:deliveredEventCount:droppedEventCount:)``.
    @available(
        *, deprecated,
        renamed:
            "init(eventTypeName:qualifiedEventTypeName:subscriberName:isOwnerBound:delivery:executorLabel:priority:deliveredEventCount:droppedEventCount:)"
    )
    public init(
        eventTypeName: String, qualifiedEventTypeName: String? = nil, subscriberName: String,
        isOwnerBound: Bool, delivery: Delivery, executorLabel: String, priority: Int, eventsReceived: Int,
        droppedEventCount: Int
    ) {
        self.init(
            eventTypeName: eventTypeName, qualifiedEventTypeName: qualifiedEventTypeName,
            subscriberName: subscriberName, isOwnerBound: isOwnerBound, delivery: delivery,
            executorLabel: executorLabel, priority: priority, deliveredEventCount: eventsReceived,
            droppedEventCount: droppedEventCount)
    }

    /// Renamed ``init(eventTypeName:qualifiedEventTypeName:subscriberName:isOwnerBound:delivery:executorLabel:priority:deliveredEventCount:droppedEventCount:)``,
    /// whose dropped count defaults to 0.
    @available(
        *, deprecated,
        renamed:
            "init(eventTypeName:qualifiedEventTypeName:subscriberName:isOwnerBound:delivery:executorLabel:priority:deliveredEventCount:droppedEventCount:)"
    )
    public init(
        eventTypeName: String, qualifiedEventTypeName: String? = nil, subscriberName: String,
        isOwnerBound: Bool, delivery: Delivery, executorLabel: String, priority: Int, eventsReceived: Int
    ) {
        self.init(
            eventTypeName: eventTypeName, qualifiedEventTypeName: qualifiedEventTypeName,
            subscriberName: subscriberName, isOwnerBound: isOwnerBound, delivery: delivery,
            executorLabel: executorLabel, priority: priority, deliveredEventCount: eventsReceived)
    }
}
