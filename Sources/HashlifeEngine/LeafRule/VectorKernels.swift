// The vector kernels of CLifeKernels, used where the processor has them: the 64×64 squares on
// AVX-512 (F and BW), else AVX2; the 32×32 squares on AVX2 (the header says why). Swift
// compiles the engine for the baseline x86-64 (SSE2) unless a target flag says otherwise, and
// such a flag is an unsafe flag, which would stop other packages from depending on the
// engine; the C header instead gives each kernel its instruction set as a function attribute,
// and the recursion calls a kernel only when `VectorKernels.available` says the processor runs it.
//
// Outer-totalistic rules only (`LeafRule.vectorMasks`). The kernels step a square several
// times faster than the scalar words of `LeafRule`, which soups feel most; the AVX-512 ones
// need only F and BW, so processors without VBMI run them too.

import CLifeKernels

/// An outer-totalistic rule as the kernels take it: bit n of `birth` (`survival`), a dead (live)
/// cell with n live neighbours is alive next, on the generations from even ones; the `odd`
/// masks on those from odd ones (a B0 rule without S8 steps as two rules by turns; for every
/// other rule they are the same). A square always starts at an even generation.
struct VectorMasks: Sendable, Equatable {
    var birth: UInt32
    var survival: UInt32
    var oddBirth: UInt32
    var oddSurvival: UInt32

    init(birth: UInt32, survival: UInt32, oddBirth: UInt32? = nil, oddSurvival: UInt32? = nil) {
        self.birth = birth
        self.survival = survival
        self.oddBirth = oddBirth ?? birth
        self.oddSurvival = oddSurvival ?? survival
    }
}

/// Which vector kernels step the direct squares of outer-totalistic rules.
enum VectorKernels: Int, Sendable, CaseIterable {
    /// The scalar words of `LeafRule.stepSquare32` and `stepSquare64`.
    case none = 0
    case avx2 = 1
    case avx512 = 2
}

extension VectorKernels {
    /// The best kernels this processor (and the system) runs. Asked once.
    static let available = VectorKernels(rawValue: Int(hashlife_life_kernels_available())) ?? .none

    /// `LeafRule.stepSquare32` on the AVX2 kernel (only when `available` is not
    /// `.none`; AVX-512 processors too, the header says why) for the rule of `masks`
    /// (`LeafRule.vectorMasks`): the centre 16×16 of the 32×32 square made of `leaves`
    /// (row-major, leaves[4j + i] at columns 8i, rows 8j), advanced `generations` (1 ... 8), as
    /// four leaves (nw, ne, sw, se).
    @inline(__always)
    static func square32(_ leaves: InlineArray<16, UInt64>, generations: Int,
                               _ masks: VectorMasks) -> (UInt64, UInt64, UInt64, UInt64) {
        #if arch(x86_64)
        var cells = leaves
        var out: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafePointer(to: &cells) { input in
            withUnsafeMutablePointer(to: &out) { output in
                let (from, to) = (UnsafeRawPointer(input).assumingMemoryBound(to: UInt64.self),
                                  UnsafeMutableRawPointer(output).assumingMemoryBound(to: UInt64.self))
                hashlife_life32_avx2(from, Int32(generations), to, masks.birth, masks.survival, masks.oddBirth, masks.oddSurvival)
            }
        }
        return out
        #else
        preconditionFailure("no vector kernels on this architecture")
        #endif
    }

    /// `LeafRule.stepSquare64` on `kernels` for the rule of `masks` (as for `square32`):
    /// the 64 rows of a 64×64 square (bit x of a row = column x) advanced `generations`
    /// (1 ... 16) in place, the centre 32×32 exact.
    @inline(__always)
    static func square64(_ rows: inout InlineArray<64, UInt64>, generations: Int, _ kernels: VectorKernels,
                               _ masks: VectorMasks) {
        #if arch(x86_64)
        withUnsafeMutablePointer(to: &rows) { square in
            let words = UnsafeMutableRawPointer(square).assumingMemoryBound(to: UInt64.self)
            if kernels == .avx512 {
                hashlife_life64_avx512(words, Int32(generations), masks.birth, masks.survival, masks.oddBirth, masks.oddSurvival)
            } else {
                hashlife_life64_avx2(words, Int32(generations), masks.birth, masks.survival, masks.oddBirth, masks.oddSurvival)
            }
        }
        #else
        preconditionFailure("no vector kernels on this architecture")
        #endif
    }

    /// The 128 rows of a 128×128 square, columns 0 ..< 64 in `west` and 64 ..< 128 in `east`
    /// (bit x of a word = its half's column x), advanced `generations` (1 ... 32) in place on
    /// `kernels` (not `.none`), for the rule of `masks`; the centre 64×64 is exact.
    @inline(__always)
    static func square128(west: inout InlineArray<128, UInt64>, east: inout InlineArray<128, UInt64>, generations: Int,
                          _ kernels: VectorKernels, _ masks: VectorMasks) {
        #if arch(x86_64)
        withUnsafeMutablePointer(to: &west) { west in
            withUnsafeMutablePointer(to: &east) { east in
                let (w, e) = (UnsafeMutableRawPointer(west).assumingMemoryBound(to: UInt64.self),
                              UnsafeMutableRawPointer(east).assumingMemoryBound(to: UInt64.self))
                if kernels == .avx512 {
                    hashlife_life128_avx512(w, e, Int32(generations), masks.birth, masks.survival, masks.oddBirth, masks.oddSurvival)
                } else {
                    hashlife_life128_avx2(w, e, Int32(generations), masks.birth, masks.survival, masks.oddBirth, masks.oddSurvival)
                }
            }
        }
        #else
        preconditionFailure("no vector kernels on this architecture")
        #endif
    }
}
