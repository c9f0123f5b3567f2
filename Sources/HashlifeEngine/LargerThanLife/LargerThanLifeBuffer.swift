// LargerThanLifeBuffer.swift — raw working memory of the Larger than Life stepper.

#if canImport(Glibc)
import Glibc
#endif

/// Room for `capacity` integers, owned by this object alone: `reserve` grows it (a quarter
/// more than asked at least, so a slowly growing pattern reallocates rarely) and forgets the
/// contents; `release` and deinit free it. The elements are never read before the stepper
/// writes them. Large blocks are mapped from the system and unmapped when freed, so a grid
/// outgrown gives its pages back at once (the C allocator may keep them for reuse) and
/// pages reserved but never written take no memory.
final class LargerThanLifeBuffer<Element: FixedWidthInteger> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity = 0
    /// Blocks of at least this many bytes are mapped.
    static var mappedBytes: Int { 1 << 20 }

    init() { base = .allocate(capacity: 1) }
    deinit { free() }

    /// Makes room for `count` elements; the contents are undefined after a growth.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        free()
        capacity = max(count, capacity + capacity / 4)
        let bytes = capacity * MemoryLayout<Element>.stride
        if bytes >= Self.mappedBytes,
           let raw = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED {
            base = raw.bindMemory(to: Element.self, capacity: capacity)
        } else {
            base = .allocate(capacity: capacity)
        }
    }

    /// Frees the memory (the buffer is then empty, ready to grow again).
    func release() {
        free()
        capacity = 0
        base = .allocate(capacity: 1)
    }

    private func free() {
        let bytes = capacity * MemoryLayout<Element>.stride
        if bytes >= Self.mappedBytes { munmap(base, bytes) } else { base.deallocate() }
    }

    /// The bytes `count` elements take (saturating: `Int.max` on overflow).
    static func bytes(_ count: Int) -> Int {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        return overflow ? .max : bytes
    }
}

/// `a` × `b`, or `Int.max` when it overflows (sizes come from patterns).
func saturatingProduct(_ a: Int, _ b: Int) -> Int {
    let (p, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow || p < 0 ? .max : p
}

/// `a` + `b` for non-negative sizes, or `Int.max` when it overflows.
func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (s, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : s
}
