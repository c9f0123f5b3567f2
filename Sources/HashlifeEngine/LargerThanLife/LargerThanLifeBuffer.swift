// LargerThanLifeBuffer.swift — raw working memory of the Larger than Life stepper.

/// Room for `capacity` integers, owned by this object alone: `reserve` grows it (a quarter
/// more than asked at least, so a slowly growing pattern reallocates rarely) and forgets the
/// contents; deinit frees it. The elements are never read before the stepper writes them.
final class LargerThanLifeBuffer<Element: FixedWidthInteger> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity = 0

    init() { base = .allocate(capacity: 1) }
    deinit { base.deallocate() }

    /// Makes room for `count` elements; the contents are undefined after a growth.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        base.deallocate()
        capacity = max(count, capacity + capacity / 4)
        base = .allocate(capacity: capacity)
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
