/// The names of types, worked out once per type and remembered.
///
/// `String(describing:)` and `String(reflecting:)` of a type demangle its name each time; a
/// failure report needed four of them, so a handler that throws on every event with a custom
/// failure handler paid four demanglings per throw. The cache grows with the
/// number of distinct types whose names were asked for, which a program bounds.
enum TypeNames {
    private static let cache = LockedValue<[ObjectIdentifier: (name: String, qualifiedName: String)]>([:])

    /// `type`'s plain name (`String(describing:)`) and module-qualified name
    /// (`String(reflecting:)`).
    static func names(of type: any Any.Type) -> (name: String, qualifiedName: String) {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        let names = (name: String(describing: type), qualifiedName: String(reflecting: type))
        cache.withLock { $0[key] = names }
        return names
    }

    /// `type`'s plain name, as `String(describing:)` prints it.
    static func name(of type: any Any.Type) -> String { names(of: type).name }
}
