// Arithmetic on BigUInt: addition, subtraction, multiplication (schoolbook, Karatsuba above a
// threshold), shifts, division (by one limb, and Knuth's Algorithm D) and powers.
//
// Every operator has an inlinable fast path for single-limb operands that neither allocates
// nor calls out; the general cases work on unsafe buffers of limbs.

extension BigUInt {
    internal typealias _Limbs = UnsafeBufferPointer<UInt64>
    internal typealias _MutableLimbs = UnsafeMutableBufferPointer<UInt64>

    // MARK: Addition

    @inlinable public static func + (a: BigUInt, b: BigUInt) -> BigUInt {
        if case .small(let x) = a._storage, case .small(let y) = b._storage {
            let (sum, overflow) = x.addingReportingOverflow(y)
            return BigUInt(_storage: overflow ? .large([sum, 1]) : .small(sum))
        }
        return _addGeneral(a, b)
    }

    @usableFromInline internal static func _addGeneral(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        a._withLimbs { x in
            b._withLimbs { y in
                let (long, short) = x.count >= y.count ? (x, y) : (y, x)
                let limbs = [UInt64](unsafeUninitializedCapacity: long.count + 1) { buffer, count in
                    var carry: UInt64 = 0
                    for i in 0..<long.count {
                        let (s1, c1) = long[i].addingReportingOverflow(i < short.count ? short[i] : 0)
                        let (s2, c2) = s1.addingReportingOverflow(carry)
                        buffer[i] = s2
                        carry = (c1 || c2) ? 1 : 0
                    }
                    buffer[long.count] = carry
                    count = long.count + 1
                }
                return BigUInt(_normalizing: limbs)
            }
        }
    }

    @inlinable public static func += (a: inout BigUInt, b: BigUInt) {
        if case .small(let x) = a._storage, case .small(let y) = b._storage {
            let (sum, overflow) = x.addingReportingOverflow(y)
            a._storage = overflow ? .large([sum, 1]) : .small(sum)
            return
        }
        _addInPlace(&a, b)
    }

    /// Adds in place, reusing `a`'s storage when it is uniquely referenced.
    @usableFromInline internal static func _addInPlace(_ a: inout BigUInt, _ b: BigUInt) {
        guard case .large(var limbs) = a._storage, b._limbCount <= limbs.count else {
            a = _addGeneral(a, b)
            return
        }
        a._storage = .small(0)  // drop a's reference so `limbs` is uniquely referenced
        b._withLimbs { y in
            var carry: UInt64 = 0
            var i = 0
            while i < y.count {
                let (s1, c1) = limbs[i].addingReportingOverflow(y[i])
                let (s2, c2) = s1.addingReportingOverflow(carry)
                limbs[i] = s2
                carry = (c1 || c2) ? 1 : 0
                i += 1
            }
            while carry != 0 && i < limbs.count {
                let (s, c) = limbs[i].addingReportingOverflow(1)
                limbs[i] = s
                carry = c ? 1 : 0
                i += 1
            }
            if carry != 0 { limbs.append(carry) }
        }
        a._storage = .large(limbs)
    }

    // MARK: Subtraction

    /// Precondition: `a >= b`.
    @inlinable public static func - (a: BigUInt, b: BigUInt) -> BigUInt {
        if case .small(let x) = a._storage, case .small(let y) = b._storage {
            precondition(x >= y, "BigUInt subtraction underflow")
            return BigUInt(x &- y)
        }
        return _subtractGeneral(a, b)
    }

    @usableFromInline internal static func _subtractGeneral(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        precondition(_compare(a, b) >= 0, "BigUInt subtraction underflow")
        // a >= b and not both small, so a is large.
        guard case .large(var limbs) = a._storage else { preconditionFailure() }
        b._withLimbs { y in
            limbs.withUnsafeMutableBufferPointer { x in
                let borrow = _subtractLimbsInPlace(x, y)
                checkInvariant(borrow == 0, "borrow out of the top limb")
            }
        }
        return BigUInt(_normalizing: limbs)
    }

    @inlinable public static func -= (a: inout BigUInt, b: BigUInt) {
        if case .small(let x) = a._storage, case .small(let y) = b._storage {
            precondition(x >= y, "BigUInt subtraction underflow")
            a._storage = .small(x &- y)
            return
        }
        _subtractInPlace(&a, b)
    }

    /// Subtracts in place, reusing `a`'s storage when it is uniquely referenced.
    @usableFromInline internal static func _subtractInPlace(_ a: inout BigUInt, _ b: BigUInt) {
        precondition(_compare(a, b) >= 0, "BigUInt subtraction underflow")
        // a >= b and not both small, so a is large.
        guard case .large(var limbs) = a._storage else { preconditionFailure() }
        a._storage = .small(0)  // drop a's reference so `limbs` is uniquely referenced
        b._withLimbs { y in
            limbs.withUnsafeMutableBufferPointer { x in
                let borrow = _subtractLimbsInPlace(x, y)
                checkInvariant(borrow == 0, "borrow out of the top limb")
            }
        }
        a = BigUInt(_normalizing: limbs)
    }

    // MARK: Multiplication

    @inlinable public static func * (a: BigUInt, b: BigUInt) -> BigUInt {
        if case .small(let x) = a._storage, case .small(let y) = b._storage {
            let (high, low) = x.multipliedFullWidth(by: y)
            return BigUInt(_storage: high == 0 ? .small(low) : .large([low, high]))
        }
        return _multiplyGeneral(a, b)
    }

    @inlinable public static func *= (a: inout BigUInt, b: BigUInt) {
        a = a * b
    }

    @usableFromInline internal static func _multiplyGeneral(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        if a.isZero || b.isZero { return BigUInt() }
        return a._withLimbs { x in
            b._withLimbs { y in
                let count = x.count + y.count
                let limbs = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
                    buffer.initialize(repeating: 0)
                    _multiply(x, y, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
                    initialized = count
                }
                return BigUInt(_normalizing: limbs)
            }
        }
    }

    /// Operands at least this many limbs long (the shorter one) are multiplied by Karatsuba.
    internal static let _karatsubaThreshold = 32

    /// `result = x * y`. `result.count == x.count + y.count` and `result` must be zero-filled.
    internal static func _multiply(_ x: _Limbs, _ y: _Limbs, into result: _MutableLimbs) {
        precondition(result.count == x.count + y.count)
        let (a, b) = x.count >= y.count ? (x, y) : (y, x)  // a is the longer
        if b.count == 0 { return }
        if b.count < _karatsubaThreshold {
            _multiplySchoolbook(a, b, into: result)
            return
        }
        if a.count >= 2 * b.count {
            // Unbalanced: multiply b by chunks of a, each b.count long, and accumulate.
            let temporary = _MutableLimbs.allocate(capacity: 2 * b.count)
            defer { temporary.deallocate() }
            var start = 0
            while start < a.count {
                let length = Swift.min(b.count, a.count - start)
                let product = _MutableLimbs(rebasing: temporary[0..<(length + b.count)])
                product.update(repeating: 0)
                _multiply(_Limbs(rebasing: a[start..<(start + length)]), b, into: product)
                let carry = _addLimbsInPlace(_MutableLimbs(rebasing: result[start...]), _Limbs(product))
                checkInvariant(carry == 0, "carry out of the top limb")
                start += length
            }
            return
        }
        // Karatsuba: a = a1·B^m + a0, b = b1·B^m + b0 with b1 non-empty (b.count > a.count / 2 >= m).
        let m = a.count / 2
        let a0 = _Limbs(rebasing: a[0..<m]), a1 = _Limbs(rebasing: a[m...])
        let b0 = _Limbs(rebasing: b[0..<m]), b1 = _Limbs(rebasing: b[m...])
        let z0 = _MutableLimbs(rebasing: result[0..<(2 * m)])
        let z2 = _MutableLimbs(rebasing: result[(2 * m)...])
        _multiply(a0, b0, into: z0)
        _multiply(a1, b1, into: z2)
        // z1 = (a0 + a1)(b0 + b1) - z0 - z2 = a0·b1 + a1·b0
        let sumA = _sumLimbs(a0, a1), sumB = _sumLimbs(b0, b1)
        defer { sumA.deallocate(); sumB.deallocate() }
        let z1 = _MutableLimbs.allocate(capacity: sumA.count + sumB.count)
        defer { z1.deallocate() }
        z1.initialize(repeating: 0)
        _multiply(_Limbs(sumA), _Limbs(sumB), into: z1)
        var borrow = _subtractLimbsInPlace(z1, _Limbs(z0))
        checkInvariant(borrow == 0, "borrow out of the top limb")
        borrow = _subtractLimbsInPlace(z1, _Limbs(z2))
        checkInvariant(borrow == 0, "borrow out of the top limb")
        var z1Count = z1.count
        while z1Count > 0 && z1[z1Count - 1] == 0 { z1Count -= 1 }
        let carry = _addLimbsInPlace(_MutableLimbs(rebasing: result[m...]), _Limbs(rebasing: z1[0..<z1Count]))
        checkInvariant(carry == 0, "carry out of the top limb")
    }

    /// Quadratic multiplication. `result.count >= x.count + y.count`, zero-filled.
    internal static func _multiplySchoolbook(_ x: _Limbs, _ y: _Limbs, into result: _MutableLimbs) {
        precondition(result.count >= x.count + y.count)
        for i in 0..<x.count {
            let xi = x[i]
            if xi == 0 { continue }
            var carry: UInt64 = 0
            for j in 0..<y.count {
                // (2^64 - 1)^2 + 2·(2^64 - 1) = 2^128 - 1, so this cannot overflow. UInt128 lets
                // the compiler use add-with-carry instead of branching on each carry.
                let t = UInt128(xi) &* UInt128(y[j]) &+ UInt128(result[i + j]) &+ UInt128(carry)
                result[i + j] = UInt64(truncatingIfNeeded: t)
                carry = UInt64(truncatingIfNeeded: t >> 64)
            }
            result[i + y.count] = carry
        }
    }

    /// A freshly allocated buffer holding `x + y`, one limb longer than the longer operand.
    internal static func _sumLimbs(_ x: _Limbs, _ y: _Limbs) -> _MutableLimbs {
        let (long, short) = x.count >= y.count ? (x, y) : (y, x)
        let sum = _MutableLimbs.allocate(capacity: long.count + 1)
        var carry: UInt64 = 0
        for i in 0..<long.count {
            let (s1, c1) = long[i].addingReportingOverflow(i < short.count ? short[i] : 0)
            let (s2, c2) = s1.addingReportingOverflow(carry)
            sum.initializeElement(at: i, to: s2)
            carry = (c1 || c2) ? 1 : 0
        }
        sum.initializeElement(at: long.count, to: carry)
        return sum
    }

    /// `x += y` over `x.count` limbs; returns the carry out. Requires `y.count <= x.count`.
    @discardableResult
    internal static func _addLimbsInPlace(_ x: _MutableLimbs, _ y: _Limbs) -> UInt64 {
        precondition(y.count <= x.count)
        var carry: UInt64 = 0
        var i = 0
        while i < y.count {
            let (s1, c1) = x[i].addingReportingOverflow(y[i])
            let (s2, c2) = s1.addingReportingOverflow(carry)
            x[i] = s2
            carry = (c1 || c2) ? 1 : 0
            i += 1
        }
        while carry != 0 && i < x.count {
            let (s, c) = x[i].addingReportingOverflow(1)
            x[i] = s
            carry = c ? 1 : 0
            i += 1
        }
        return carry
    }

    /// `x -= y` over `x.count` limbs; returns the borrow out. Limbs of `y` beyond `x.count`
    /// must be zero.
    @discardableResult
    internal static func _subtractLimbsInPlace(_ x: _MutableLimbs, _ y: _Limbs) -> UInt64 {
        var borrow: UInt64 = 0
        var i = 0
        while i < y.count {
            if i >= x.count {
                precondition(y[i] == 0)
                i += 1
                continue
            }
            let (d1, b1) = x[i].subtractingReportingOverflow(y[i])
            let (d2, b2) = d1.subtractingReportingOverflow(borrow)
            x[i] = d2
            borrow = (b1 || b2) ? 1 : 0
            i += 1
        }
        while borrow != 0 && i < x.count {
            let (d, b) = x[i].subtractingReportingOverflow(1)
            x[i] = d
            borrow = b ? 1 : 0
            i += 1
        }
        return borrow
    }

    // MARK: Shifts

    /// `a · 2^n`. Precondition: `n >= 0`.
    @inlinable public static func << (a: BigUInt, n: Int) -> BigUInt {
        precondition(n >= 0, "shift amount must be non-negative")
        if case .small(let x) = a._storage, x == 0 || (n < 64 && x.leadingZeroBitCount >= n) {
            return BigUInt(x << UInt64(n))
        }
        return _shiftLeftGeneral(a, n)
    }

    @usableFromInline internal static func _shiftLeftGeneral(_ a: BigUInt, _ n: Int) -> BigUInt {
        if a.isZero { return a }
        let limbShift = n >> 6
        let bitShift = UInt64(n & 63)
        return a._withLimbs { x in
            let count = x.count + limbShift + 1
            let limbs = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<limbShift { buffer[i] = 0 }
                if bitShift == 0 {
                    for i in 0..<x.count { buffer[limbShift + i] = x[i] }
                    buffer[count - 1] = 0
                } else {
                    var previous: UInt64 = 0
                    for i in 0..<x.count {
                        buffer[limbShift + i] = (x[i] << bitShift) | (previous >> (64 - bitShift))
                        previous = x[i]
                    }
                    buffer[count - 1] = previous >> (64 - bitShift)
                }
                initialized = count
            }
            return BigUInt(_normalizing: limbs)
        }
    }

    /// `a / 2^n`, rounded down. Precondition: `n >= 0`.
    @inlinable public static func >> (a: BigUInt, n: Int) -> BigUInt {
        precondition(n >= 0, "shift amount must be non-negative")
        if case .small(let x) = a._storage { return BigUInt(n < 64 ? x >> UInt64(n) : 0) }
        return _shiftRightGeneral(a, n)
    }

    @usableFromInline internal static func _shiftRightGeneral(_ a: BigUInt, _ n: Int) -> BigUInt {
        let limbShift = n >> 6
        let bitShift = UInt64(n & 63)
        return a._withLimbs { x in
            if limbShift >= x.count { return BigUInt() }
            let count = x.count - limbShift
            let limbs = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
                if bitShift == 0 {
                    for i in 0..<count { buffer[i] = x[limbShift + i] }
                } else {
                    for i in 0..<count {
                        let next = limbShift + i + 1 < x.count ? x[limbShift + i + 1] : 0
                        buffer[i] = (x[limbShift + i] >> bitShift) | (next << (64 - bitShift))
                    }
                }
                initialized = count
            }
            return BigUInt(_normalizing: limbs)
        }
    }

    @inlinable public static func <<= (a: inout BigUInt, n: Int) { a = a << n }
    @inlinable public static func >>= (a: inout BigUInt, n: Int) { a = a >> n }

    // MARK: Division

    /// Quotient and remainder of division by a one-limb divisor. Precondition: `d > 0`.
    public func quotientAndRemainder(dividingBy d: UInt64) -> (quotient: BigUInt, remainder: UInt64) {
        precondition(d != 0, "division by zero")
        guard case .large(var limbs) = _storage else {
            let value = _smallValue!
            return (BigUInt(value / d), value % d)
        }
        var remainder: UInt64 = 0
        var i = limbs.count - 1
        while i >= 0 {
            let (q, r) = d.dividingFullWidth((remainder, limbs[i]))
            limbs[i] = q
            remainder = r
            i -= 1
        }
        return (BigUInt(_normalizing: limbs), remainder)
    }

    /// Quotient and remainder. Precondition: `d > 0`.
    ///
    /// Disfavored so that an integer literal divisor (`x.quotientAndRemainder(dividingBy: 30)`)
    /// picks the one-limb overload instead of being ambiguous.
    @_disfavoredOverload
    public func quotientAndRemainder(dividingBy d: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
        precondition(!d.isZero, "division by zero")
        if let small = d.uint64Value {
            let (q, r) = quotientAndRemainder(dividingBy: small)
            return (q, BigUInt(r))
        }
        if self < d { return (BigUInt(), self) }
        // Both have at least two limbs here.
        guard case .large(let u) = _storage, case .large(let v) = d._storage else { preconditionFailure() }
        let (q, r) = BigUInt._divideKnuth(u, v)
        return (BigUInt(_normalizing: q), BigUInt(_normalizing: r))
    }

    /// Knuth, TAOCP vol. 2, 4.3.1, Algorithm D. `u` and `v` normalized, `v.count >= 2`,
    /// `u.count >= v.count`. Returns unnormalized quotient and remainder limbs.
    internal static func _divideKnuth(_ u: [UInt64], _ v: [UInt64]) -> (quotient: [UInt64], remainder: [UInt64]) {
        let n = v.count, m = u.count - v.count
        precondition(n >= 2 && m >= 0 && v[n - 1] != 0)
        let shift = UInt64(v[n - 1].leadingZeroBitCount)

        // D1: normalize so the divisor's top bit is set.
        var vn = [UInt64](repeating: 0, count: n)
        var un = [UInt64](repeating: 0, count: u.count + 1)
        if shift == 0 {
            for i in 0..<n { vn[i] = v[i] }
            for i in 0..<u.count { un[i] = u[i] }
        } else {
            for i in stride(from: n - 1, to: 0, by: -1) {
                vn[i] = (v[i] << shift) | (v[i - 1] >> (64 - shift))
            }
            vn[0] = v[0] << shift
            un[u.count] = u[u.count - 1] >> (64 - shift)
            for i in stride(from: u.count - 1, to: 0, by: -1) {
                un[i] = (u[i] << shift) | (u[i - 1] >> (64 - shift))
            }
            un[0] = u[0] << shift
        }

        var q = [UInt64](repeating: 0, count: m + 1)
        let vTop = vn[n - 1], vNext = vn[n - 2]
        vn.withUnsafeBufferPointer { vn in
            un.withUnsafeMutableBufferPointer { un in
                var j = m
                while j >= 0 {
                    // D3: estimate qhat from the top three limbs of the current remainder.
                    let ujn = un[j + n], ujn1 = un[j + n - 1], ujn2 = un[j + n - 2]
                    var qhat: UInt64, rhat: UInt64
                    var rhatOverflow = false
                    if ujn >= vTop {
                        // ujn == vTop: the true estimate is >= 2^64, so clamp to 2^64 - 1.
                        qhat = UInt64.max
                        (rhat, rhatOverflow) = ujn1.addingReportingOverflow(vTop)
                    } else {
                        (qhat, rhat) = vTop.dividingFullWidth((ujn, ujn1))
                    }
                    while !rhatOverflow {
                        let (high, low) = qhat.multipliedFullWidth(by: vNext)
                        if high > rhat || (high == rhat && low > ujn2) {
                            qhat &-= 1
                            (rhat, rhatOverflow) = rhat.addingReportingOverflow(vTop)
                        } else {
                            break
                        }
                    }
                    // D4: un[j...j+n] -= qhat · vn
                    var carry: UInt64 = 0, borrow: UInt64 = 0
                    for i in 0..<n {
                        // qhat·vn[i] + carry <= 2^128 - 2^64: no overflow.
                        let product = UInt128(qhat) &* UInt128(vn[i]) &+ UInt128(carry)
                        carry = UInt64(truncatingIfNeeded: product >> 64)
                        // Wraps to 2^128 - k when negative; bit 64 is then the borrow.
                        let difference = UInt128(un[i + j]) &- UInt128(UInt64(truncatingIfNeeded: product)) &- UInt128(borrow)
                        un[i + j] = UInt64(truncatingIfNeeded: difference)
                        borrow = UInt64(truncatingIfNeeded: difference >> 64) & 1
                    }
                    let (d1, b1) = un[j + n].subtractingReportingOverflow(carry)
                    let (d2, b2) = d1.subtractingReportingOverflow(borrow)
                    un[j + n] = d2
                    // D5/D6: if that went negative, qhat was one too large; add the divisor back.
                    if b1 || b2 {
                        qhat &-= 1
                        var addCarry: UInt64 = 0
                        for i in 0..<n {
                            let (s1, c1) = un[i + j].addingReportingOverflow(vn[i])
                            let (s2, c2) = s1.addingReportingOverflow(addCarry)
                            un[i + j] = s2
                            addCarry = (c1 || c2) ? 1 : 0
                        }
                        un[j + n] &+= addCarry
                    }
                    q[j] = qhat
                    j -= 1
                }
            }
        }

        // D8: unnormalize the remainder.
        var r = [UInt64](repeating: 0, count: n)
        if shift == 0 {
            for i in 0..<n { r[i] = un[i] }
        } else {
            for i in 0..<n {
                r[i] = (un[i] >> shift) | (un[i + 1] << (64 - shift))
            }
        }
        return (q, r)
    }

    // MARK: Powers

    /// `base^exponent` by square-and-multiply; `0^0 == 1`. Precondition: `exponent >= 0`.
    public static func power(_ base: BigUInt, _ exponent: Int) -> BigUInt {
        precondition(exponent >= 0, "exponent must be non-negative")
        if exponent == 0 { return .one }
        if base.isZero || exponent == 1 { return base }
        if base.nonzeroBitCount == 1 {
            let (bits, overflow) = base.trailingZeroBitCount.multipliedReportingOverflow(by: exponent)
            precondition(!overflow, "BigUInt.power result too large")
            return powerOfTwo(bits)
        }
        var result = base
        var bitIndex = Int.bitWidth - exponent.leadingZeroBitCount - 2
        while bitIndex >= 0 {
            result = result * result
            if (exponent >> bitIndex) & 1 == 1 { result = result * base }
            bitIndex -= 1
        }
        return result
    }

    /// `2^exponent`. Precondition: `exponent >= 0`.
    public static func powerOfTwo(_ exponent: Int) -> BigUInt {
        precondition(exponent >= 0, "exponent must be non-negative")
        if exponent < 64 { return BigUInt(UInt64(1) << UInt64(exponent)) }
        var limbs = [UInt64](repeating: 0, count: exponent / 64 + 1)
        limbs[exponent / 64] = UInt64(1) << UInt64(exponent % 64)
        return BigUInt(_normalizing: limbs)
    }

    // MARK: Mixed with Int

    /// `a + b`; a negative `b` subtracts (precondition: the result is non-negative).
    @inlinable public static func + (a: BigUInt, b: Int) -> BigUInt {
        b >= 0 ? a + BigUInt(UInt64(b)) : a - BigUInt(UInt64(b.magnitude))
    }

    /// `a - b`; a negative `b` adds (precondition: the result is non-negative).
    @inlinable public static func - (a: BigUInt, b: Int) -> BigUInt {
        b >= 0 ? a - BigUInt(UInt64(b)) : a + BigUInt(UInt64(b.magnitude))
    }

    @inlinable public static func += (a: inout BigUInt, b: Int) {
        if b >= 0 { a += BigUInt(UInt64(b)) } else { a -= BigUInt(UInt64(b.magnitude)) }
    }

    @inlinable public static func -= (a: inout BigUInt, b: Int) {
        if b >= 0 { a -= BigUInt(UInt64(b)) } else { a += BigUInt(UInt64(b.magnitude)) }
    }
}
