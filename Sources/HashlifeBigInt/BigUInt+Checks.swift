/// Traps with `message` when `condition` is false, in builds that define HASHLIFE_INVARIANTS
/// (debug builds); costs nothing otherwise. The arithmetic's carry and borrow checks use it, so
/// the optimized test build can keep them (`assert` is off under -O).
@inline(__always)
func checkInvariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                    file: StaticString = #fileID, line: UInt = #line) {
    #if HASHLIFE_INVARIANTS
    precondition(condition(), message(), file: file, line: line)
    #endif
}
