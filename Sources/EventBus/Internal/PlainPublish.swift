/// How a publish on the plain path ended: what, if anything, still needs the call site the
/// plain path never builds (see ``EventBus/publish(_:fileID:line:function:)``).
@usableFromInline
enum PlainPublish: UInt8 {
    /// Delivered; nothing else to do.
    case done
    /// Nothing delivered: the type's list has entries that want call sites (a throwing
    /// synchronous handler), so the publish must take the traced path.
    case traced
    /// Delivered to nobody on a bus with ``DeadEvent`` subscribers: the dead event, which
    /// names the call site, is left to the caller.
    case reachedNobody
}
