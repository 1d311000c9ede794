#!/usr/bin/env bash
# Says whether the installed Swift compiler has the crash that the `subscribe(owner: AnyObject, …)`
# overload works around: an `AnyObject`-typed value passed to a generic `Owner: AnyObject`
# parameter together with an `(Owner, Event)` closure ("Invalid conformance in type-checked AST",
# in SILGen). The reproduction needs nothing from this package.
#
#   probe-anyobject-owner-crash.sh     prints the compiler version and "crashes" or "compiles";
#                                      exits 0 either way (it reports, it does not judge), and 2
#                                      when the compiler fails for another reason.
#
# The hosted workflow runs it in every job of its Swift matrix, so the answer to "which
# compilers need the overload" is read from CI rather than guessed (see the overload's doc).
set -euo pipefail

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/repro.swift" <<'SWIFT'
final class Bus {
    func subscribe<Owner: AnyObject, Event>(
        owner: Owner, to eventType: Event.Type = Event.self, handler: @escaping (Owner, Event) -> Void
    ) {}
}
struct Ping {}
func attach(_ bus: Bus, _ owner: AnyObject) {
    bus.subscribe(owner: owner) { (owner, event: Ping) in _ = owner }
}
SWIFT

version="$(swiftc --version 2>&1 | head -n 1)"
if (swiftc -swift-version 6 -emit-sil -o /dev/null "$work/repro.swift"; exit $?) >"$work/log" 2>&1; then
    echo "$version: compiles (the AnyObject overload is not needed by this compiler)"
elif grep -q "Invalid conformance in type-checked AST" "$work/log"; then
    echo "$version: crashes (Invalid conformance in type-checked AST): the AnyObject overload is needed"
else
    echo "$version: fails for another reason:" >&2
    head -n 20 "$work/log" >&2
    exit 2
fi
