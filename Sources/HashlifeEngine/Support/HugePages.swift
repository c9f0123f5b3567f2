// Large buffers read at random: the arena, the hash index and the square memo.

#if canImport(Glibc)
import Glibc
#endif

/// Allocation of the engine's large buffers, backed by huge pages where the kernel gives them:
/// the arena, the index and the square memo are read at random, and with 4 KiB pages a look-up
/// costs a TLB miss each time. Only pages that are touched become resident.
enum HugePages {
    /// Buffers of at least this many bytes are backed by huge pages (`advise`).
    static let threshold = 8 << 20

    /// Room for `capacity` values of `type`, advised for huge pages when big.
    static func allocate<T>(_ type: T.Type, capacity: Int) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        advise(pointer, bytes: capacity * MemoryLayout<T>.stride)
        return pointer
    }

    /// `buffer` (from this function, or nil) reallocated to `count` words by the C allocator,
    /// which remaps a big block's pages instead of copying them; the contents beyond the old
    /// size are undefined. Release it with `free`.
    static func reallocate(_ buffer: UnsafeMutablePointer<UInt32>?, count: Int) -> UnsafeMutablePointer<UInt32> {
        let bytes = count * MemoryLayout<UInt32>.stride
        guard let raw = realloc(buffer, bytes) else { fatalError("out of memory for a buffer of \(bytes) bytes") }
        let pointer = raw.bindMemory(to: UInt32.self, capacity: count)
        advise(pointer, bytes: bytes)
        return pointer
    }

    /// Releases a buffer from `reallocate`.
    static func free(_ buffer: UnsafeMutablePointer<UInt32>) { Glibc.free(buffer) }

    /// Asks for huge pages over the whole 2 MiB pages of a buffer of at least `threshold` bytes.
    static func advise<T>(_ pointer: UnsafeMutablePointer<T>, bytes: Int) {
        guard bytes >= threshold else { return }
        adviseWholePages(pointer, bytes: bytes, MADV_HUGEPAGE)
    }

    /// Asks the kernel to move the whole 2 MiB pages of a buffer, touched in 4 KiB pages before
    /// it was advised, into huge pages now (`MADV_COLLAPSE`, Linux 6.1; elsewhere the call
    /// fails and they stay as they are).
    static func collapse<T>(_ pointer: UnsafeMutablePointer<T>, bytes: Int) {
        let madviseCollapse: Int32 = 25
        adviseWholePages(pointer, bytes: bytes, madviseCollapse)
    }

    /// `madvise(advice)` over the whole 2 MiB pages within `bytes` from `pointer`, if any.
    private static func adviseWholePages<T>(_ pointer: UnsafeMutablePointer<T>, bytes: Int, _ advice: Int32) {
        let huge = 2 << 20
        let start = (Int(bitPattern: pointer) + huge - 1) / huge * huge
        let end = (Int(bitPattern: pointer) + bytes) / huge * huge
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, advice) }
    }
}
