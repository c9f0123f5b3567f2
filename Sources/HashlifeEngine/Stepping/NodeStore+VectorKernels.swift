// The vector kernels of CLifeKernels (AVX-512 F, BW and VBMI), used where the processor has
// them. Swift compiles the engine for the baseline x86-64 (SSE2) unless a target flag says
// otherwise, and such a flag is an unsafe flag, which would stop other packages from depending
// on the engine; the C header instead gives each kernel its instruction set as a function
// attribute, and the store calls a kernel only when `hasVectorKernels` said so.
//
// B3/S23's 32×32 square (`square32`) takes about 80 ns for 8 generations here, the 64×64 square
// (`square64`) about 350 ns for 16 (figures against the scalar words in the commit that added
// them).

import CLifeKernels

extension NodeStore {
    /// Does this processor (and the system) run the vector kernels? Asked once.
    static let hasVectorKernels = hashlife_life_kernels_available() != 0

    /// `LeafRule.stepSquare32` for B3/S23 on the vector kernel: the centre 16×16 of the 32×32
    /// square made of `leaves` (row-major, leaves[4j + i] at columns 8i, rows 8j), advanced
    /// `generations` (1 ... 8), as four leaves (nw, ne, sw, se). Only when `hasVectorKernels`.
    @inline(__always)
    static func vectorLifeSquare32(_ leaves: InlineArray<16, UInt64>, generations: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        #if arch(x86_64)
        var cells = leaves
        var out: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafePointer(to: &cells) { input in
            withUnsafeMutablePointer(to: &out) { output in
                hashlife_life32_avx512(UnsafeRawPointer(input).assumingMemoryBound(to: UInt64.self), Int32(generations),
                                       UnsafeMutableRawPointer(output).assumingMemoryBound(to: UInt64.self))
            }
        }
        return out
        #else
        preconditionFailure("no vector kernels on this architecture")
        #endif
    }

    /// `LeafRule.stepSquare64` for B3/S23 on the vector kernel: the 64 rows of a 64×64 square
    /// (bit x of a row = column x) advanced `generations` (1 ... 16) in place, the centre 32×32
    /// exact. Only when `hasVectorKernels`.
    @inline(__always)
    static func vectorLifeSquare64(_ rows: inout InlineArray<64, UInt64>, generations: Int) {
        #if arch(x86_64)
        withUnsafeMutablePointer(to: &rows) { square in
            hashlife_life64_avx512(UnsafeMutableRawPointer(square).assumingMemoryBound(to: UInt64.self), Int32(generations))
        }
        #else
        preconditionFailure("no vector kernels on this architecture")
        #endif
    }
}
