import EventBus

extension Dictionary where Key == EventType {
    /// The bus's snapshot keyed by plain type names, as the Bus view shows them: every event
    /// type the demo publishes lives in this module, so the plain names are unique here.
    public var byTypeName: [String: Value] {
        Dictionary<String, Value>(map { ($0.key.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
