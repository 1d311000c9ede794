/// `==` for `Value` when it conforms to `Equatable` at run time, or nil.
///
/// The `select` and `states(for:)` overloads for values the compiler cannot see as `Equatable`
/// (inside a generic helper over `Value: Sendable`, a store's generic `states`) ask this, so
/// automatic skipping holds wherever the value is `Equatable`, whichever overload was picked.
/// The statically `Equatable` overloads keep their direct `==`; this one opens the
/// conformance with two checked casts per comparison, only on that generic path.
@usableFromInline
func runtimeEquality<Value>(of type: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
    guard type is any Equatable.Type else { return nil }
    return { lhs, rhs in
        guard let lhs = lhs as? any Equatable else { return false }
        return lhs.isEqual(to: rhs)
    }
}

extension Equatable {
    /// `self == other` when `other` is of the same type (always, for ``runtimeEquality(of:)``).
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
