// Vector kernels for the engine's direct squares (outer-totalistic rules: B3/S23 and the other
// Life-like rules), which Swift cannot compile for an instruction set chosen at run time without
// target flags on the whole module (unsafe flags would stop other packages from depending on
// the engine). Header only: each kernel carries its instruction set as a function attribute, so
// the rest of the program keeps the baseline, and the engine calls a kernel only after
// `hashlife_life_kernels_available` said the processor and the system support it. Nothing is
// linked.
//
// The 64×64 square: 64 rows of 64 bits (bit x = column x), eight to a 512-bit register. A
// generation makes each row's horizontal sums (pair: the two row neighbours; triple: those and
// the cell), moves the triple sums one lane up and down across registers for the rows above
// and below, and adds the three as bit planes (the compiler merges the logic into three-input
// instructions; B3/S23 needs a few more, other rules compare the count's planes with each
// count they name). Cells beyond the square count as dead, which spoils one more row and
// column at each edge every generation; after 16 the centre 32×32 is still exact. AVX-512 F
// and BW suffice.
//
// The 128×128 square (level-7 misses of soups): each row as two 64-bit halves, west and east,
// in two registers; the sums of a half take the one cell of the other half beside the middle
// (`hashlife_half_sums512`); otherwise the same generation. After 32 generations the centre
// 64×64 is exact.
//
// Processors without AVX-512 run the same generation on 256-bit registers (four 64-bit rows
// each), two-input logic for the adders.
//
// The 32×32 square, on AVX2 only: sixteen 8×8 leaves (leaf bit 8y + x = column x, row y;
// leaves row-major, leaves[4j + i] covering columns 8i ..< 8i+8 and rows 8j ..< 8j+8) become 32
// rows of 32 bits, eight to a register (lane r = row r): byte c of row r is byte r mod 8 of
// leaf 4(r / 8) + c, each strip of four leaves made into its eight rows by a dword permutation
// and a byte shuffle within 128-bit halves. After 8 generations the centre 16×16 is exact, and
// the reverse shuffles cut it out as four leaves. The 32×32 squares stay on AVX2 even where
// AVX-512 is: they come scattered among other work, and a core that starts 512-bit work now
// and then pays for changing its clock each time, which cost Golly's demos more than the wider
// registers saved; the 64×64 squares of soups come in long runs (docs/decisions.md, "Leaves,
// direct squares and vector kernels").
//
// SwiftPM does not see this header as a source of the engine: after editing it, touch
// `Sources/HashlifeEngine/LeafRule/VectorKernels.swift` so the engine is rebuilt.
#ifndef HASHLIFE_LIFE_KERNELS_H
#define HASHLIFE_LIFE_KERNELS_H

#include <stdint.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>
#define HASHLIFE_LIFE_KERNELS_X86 1
#endif

/// The kernels this processor and system run: 2 for the AVX-512 ones (AVX-512 F and BW, and
/// the system saves the 512-bit registers), 1 for the AVX2 ones, 0 for none. Costs a few
/// `cpuid`s: ask once.
static inline int hashlife_life_kernels_available(void) {
#ifdef HASHLIFE_LIFE_KERNELS_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)) || !(c & (1u << 28))) return 0;  // OSXSAVE, AVX
    unsigned low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 0x06) != 0x06) return 0;  // the system saves SSE and AVX state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 5))) return 0;  // AVX2
    int f = (b >> 16) & 1, bw = (b >> 30) & 1;
    int zmm = (low & 0xE0) == 0xE0;  // and mask and 512-bit state
    return f && bw && zmm ? 2 : 1;
#else
    return 0;
#endif
}

#ifdef HASHLIFE_LIFE_KERNELS_X86
/// B3/S23's `birth` and `survival` masks, which take a shorter path than other rules.
#define HASHLIFE_LIFE_BIRTH 0x8u
#define HASHLIFE_LIFE_SURVIVAL 0xCu

// The parts both instruction sets share are written once, with the compiler's vector operators
// (`__m512i` and `__m256i` are vector types to clang; on AVX-512 it merges the logic into
// ternary-logic instructions), and defined for each by a macro. Parts are always inlined, so
// that each kernel's loops are compiled once for B3/S23 (`life` 1, a constant there) and once
// for other rules.

/// Sets `result` to the cells whose neighbour count (`ones` + 2·`twos` + 4·`fours` +
/// 8·`eights`, 0 … 8) is one of `counts` (bit n: count n), with no branch and the same work for
/// every rule: a tree of multiplexers on the planes picks the count's bit of `counts` (each
/// `mux(s, hi, lo)` as `lo ^ (s & (hi ^ lo))`, the constants' part hoisted out of the loops).
/// Count 8 has its other planes clear, so the `eights` plane alone switches to bit 8.
#define HASHLIFE_MATCH_COUNTS(result, counts, V, ones, twos, fours, eights)                        \
    do {                                                                                            \
        V none_ = ones ^ ones, all_ = ~none_;                                                       \
        V c0_ = (counts) & 1 ? all_ : none_, c1_ = (counts) >> 1 & 1 ? all_ : none_;               \
        V c2_ = (counts) >> 2 & 1 ? all_ : none_, c3_ = (counts) >> 3 & 1 ? all_ : none_;          \
        V c4_ = (counts) >> 4 & 1 ? all_ : none_, c5_ = (counts) >> 5 & 1 ? all_ : none_;          \
        V c6_ = (counts) >> 6 & 1 ? all_ : none_, c7_ = (counts) >> 7 & 1 ? all_ : none_;          \
        V c8_ = (counts) >> 8 & 1 ? all_ : none_;                                                   \
        V p0_ = c0_ ^ (ones & (c1_ ^ c0_)), p1_ = c2_ ^ (ones & (c3_ ^ c2_));                       \
        V p2_ = c4_ ^ (ones & (c5_ ^ c4_)), p3_ = c6_ ^ (ones & (c7_ ^ c6_));                       \
        V q0_ = p0_ ^ (twos & (p1_ ^ p0_)), q1_ = p2_ ^ (twos & (p3_ ^ p2_));                       \
        V g_ = q0_ ^ (fours & (q1_ ^ q0_));                                                         \
        (result) = g_ ^ (eights & (g_ ^ c8_));                                                      \
    } while (0)

/// Defines `name`: the next state of `rows` from their horizontal sums (`pairSum`,
/// `pairCarry`) and the triple sums of the rows above and below. Full adders make the count's
/// bit planes: ones + 2·(carries ^ onesCarry) + 4·(carry + (carries & onesCarry)). Bit n of
/// `birth` (`survival`): a dead (live) cell with n live neighbours is alive next.
#define HASHLIFE_DEFINE_NEXT(name, V, attributes)                                                   \
    attributes static inline V name(V rows, V pairSum, V pairCarry, V aboveSum, V aboveCarry,       \
                                    V belowSum, V belowCarry, unsigned birth, unsigned survival,    \
                                    int life) {                                                     \
        V outer = aboveSum ^ belowSum, ones = outer ^ pairSum;                                      \
        V onesCarry = (aboveSum & belowSum) | (outer & pairSum);                                    \
        V outerCarries = aboveCarry ^ belowCarry, carries = outerCarries ^ pairCarry;               \
        V carry = (aboveCarry & belowCarry) | (outerCarries & pairCarry);                           \
        /* B3/S23: two or three neighbours (the weight-2 plane set and no weight 4: when it is */  \
        /* set, carries & onesCarry is 0, so `carry` alone tells four or more), and three, or  */  \
        /* two and alive. */                                                                        \
        if (life) return (ones | rows) & (carries ^ onesCarry) & ~carry;                            \
        V twos = carries ^ onesCarry, twosCarry = carries & onesCarry;                              \
        V fours = carry ^ twosCarry, eights = carry & twosCarry;                                    \
        V born, survives;                                                                           \
        HASHLIFE_MATCH_COUNTS(born, birth, V, ones, twos, fours, eights);                           \
        HASHLIFE_MATCH_COUNTS(survives, survival, V, ones, twos, fours, eights);                    \
        return (born & ~rows) | (survives & rows);                                                  \
    }

/// Defines `name`: one generation of the rows of `r` (`count` registers in row order, lanes of
/// 32 bits when `wide` is 0, 64 when 1), top down, each register's sums (type `S`, made by
/// `sums`) made once and carried to the next (no array of sums, which a compiler may keep in
/// memory). `above(here, previous, wide, carry)` gives the triple sums (`carry` 0) or carries
/// (1) of the row above each lane's row, `below(here, next, ...)` of the row below; `none()` the
/// sums beyond the square.
#define HASHLIFE_DEFINE_GENERATION(name, V, S, attributes, sums, none, above, below, next)          \
    attributes static inline void name(V *r, int count, int wide, unsigned birth, unsigned survival, \
                                       int life) {                                                  \
        S previous = none(), here = sums(r[0], wide);                                               \
        for (int k = 0; k < count; k++) {                                                           \
            S following = k + 1 < count ? sums(r[k + 1], wide) : none();                            \
            r[k] = next(r[k], here.pairSum, here.pairCarry, above(here, previous, wide, 0),         \
                        above(here, previous, wide, 1), below(here, following, wide, 0),            \
                        below(here, following, wide, 1), birth, survival, life);                    \
            previous = here;                                                                        \
            here = following;                                                                       \
        }                                                                                           \
    }

/// Defines `name(rows, generations, birth, survival, oddBirth, oddSurvival)`: the 64 rows of a
/// 64×64 square (bit x of `rows[y]` = column x, row y) advanced `generations` (1 ... 16)
/// generations in place, of `birth`/`survival` from even generations (the first is even) and
/// `oddBirth`/`oddSurvival` from odd ones (a B0 rule without S8 alternates two rules), `lanes` rows to a register of type `V` (loaded and stored by
/// `load` and `store`), by `generation`. Cells beyond the square count as dead, so after g
/// generations the rows and columns within g of an edge are wrong and the centre 32×32 is exact.
#define HASHLIFE_DEFINE_SQUARE64(name, V, attributes, lanes, load, store, generation)               \
    attributes static inline void name(uint64_t *rows, int generations, unsigned evenBirth,         \
                                       unsigned evenSurvival, unsigned oddBirth,                    \
                                       unsigned oddSurvival) {                                      \
        V r[64 / lanes];                                                                            \
        for (int k = 0; k < 64 / lanes; k++) r[k] = load((const V *)(rows + lanes * k));            \
        int life = evenBirth == HASHLIFE_LIFE_BIRTH && evenSurvival == HASHLIFE_LIFE_SURVIVAL       \
                   && oddBirth == evenBirth && oddSurvival == evenSurvival;                         \
        for (int g = 0; g < generations; g++) {                                                     \
            unsigned birth = g & 1 ? oddBirth : evenBirth;                                          \
            unsigned survival = g & 1 ? oddSurvival : evenSurvival;                                 \
            /* Only the registers holding the rows the centre still depends on (16 - m ... 47 */    \
            /* + m after this generation, m generations before the end) and their neighbours. */    \
            int margin = generations - 1 - g, first = (15 - margin) / lanes;                        \
            int last = (48 + margin) / lanes;                                                       \
            if (life) generation(r + first, last - first + 1, 1, birth, survival, 1);               \
            else generation(r + first, last - first + 1, 1, birth, survival, 0);                    \
        }                                                                                           \
        for (int k = 0; k < 64 / lanes; k++) store((V *)(rows + lanes * k), r[k]);                  \
    }

/// Defines `name`: one generation of 128-cell rows, `count` registers of 64-bit lanes in `w`
/// (columns 0 ..< 64) and as many in `e` (64 ..< 128), as `HASHLIFE_DEFINE_GENERATION` does
/// for 64-cell rows; `halfSums(rows, other, half)` makes the sums of one half given the other.
#define HASHLIFE_DEFINE_GENERATION128(name, V, S, attributes, halfSums, none, above, below, next)   \
    attributes static inline void name(V *w, V *e, int count, unsigned birth, unsigned survival,   \
                                       int life) {                                                  \
        S previousW = none(), previousE = none();                                                   \
        S hereW = halfSums(w[0], e[0], 0), hereE = halfSums(e[0], w[0], 1);                         \
        for (int k = 0; k < count; k++) {                                                           \
            S followingW = k + 1 < count ? halfSums(w[k + 1], e[k + 1], 0) : none();                \
            S followingE = k + 1 < count ? halfSums(e[k + 1], w[k + 1], 1) : none();                \
            w[k] = next(w[k], hereW.pairSum, hereW.pairCarry, above(hereW, previousW, 1, 0),        \
                        above(hereW, previousW, 1, 1), below(hereW, followingW, 1, 0),              \
                        below(hereW, followingW, 1, 1), birth, survival, life);                     \
            e[k] = next(e[k], hereE.pairSum, hereE.pairCarry, above(hereE, previousE, 1, 0),        \
                        above(hereE, previousE, 1, 1), below(hereE, followingE, 1, 0),              \
                        below(hereE, followingE, 1, 1), birth, survival, life);                     \
            previousW = hereW;                                                                      \
            previousE = hereE;                                                                      \
            hereW = followingW;                                                                     \
            hereE = followingE;                                                                     \
        }                                                                                           \
    }

/// Defines `name(west, east, generations, birth, survival, oddBirth, oddSurvival)`: the 128
/// rows of a 128×128 square (bit x of `west[y]` = column x, of `east[y]` = column 64 + x, row
/// y) advanced `generations` (1 ... 32) in place, as `HASHLIFE_DEFINE_SQUARE64` does for 64×64
/// (the first generation even, the same masks); after 32 generations the centre 64×64 is exact.
#define HASHLIFE_DEFINE_SQUARE128(name, V, attributes, lanes, load, store, generation)              \
    attributes static inline void name(uint64_t *west, uint64_t *east, int generations,           \
                                       unsigned evenBirth, unsigned evenSurvival,                   \
                                       unsigned oddBirth, unsigned oddSurvival) {                   \
        V w[128 / lanes], e[128 / lanes];                                                           \
        for (int k = 0; k < 128 / lanes; k++) {                                                     \
            w[k] = load((const V *)(west + lanes * k));                                             \
            e[k] = load((const V *)(east + lanes * k));                                             \
        }                                                                                           \
        int life = evenBirth == HASHLIFE_LIFE_BIRTH && evenSurvival == HASHLIFE_LIFE_SURVIVAL       \
                   && oddBirth == evenBirth && oddSurvival == evenSurvival;                         \
        for (int g = 0; g < generations; g++) {                                                     \
            unsigned birth = g & 1 ? oddBirth : evenBirth;                                          \
            unsigned survival = g & 1 ? oddSurvival : evenSurvival;                                 \
            /* The rows 32 - m ... 95 + m the centre still depends on and their neighbours. */     \
            int margin = generations - 1 - g, first = (31 - margin) / lanes;                        \
            int last = (96 + margin) / lanes;                                                       \
            if (life) generation(w + first, e + first, last - first + 1, birth, survival, 1);       \
            else generation(w + first, e + first, last - first + 1, birth, survival, 0);            \
        }                                                                                           \
        for (int k = 0; k < 128 / lanes; k++) {                                                     \
            store((V *)(west + lanes * k), w[k]);                                                   \
            store((V *)(east + lanes * k), e[k]);                                                   \
        }                                                                                           \
    }

// AVX-512: eight 64-bit rows to a register (the parts take 32-bit lanes too); a row's
// neighbours in the previous and next lanes come by `valignq` across two registers.

#define HASHLIFE_AVX512 __attribute__((target("avx512f,avx512bw")))
#define HASHLIFE_AVX512_PART __attribute__((target("avx512f,avx512bw"), always_inline))

/// A register's horizontal sums: for each cell, its two row neighbours (pair) and those and
/// itself (triple), as sum and carry bits.
typedef struct {
    __m512i pairSum, pairCarry, tripleSum, tripleCarry;
} hashlife_row_sums512;

/// The sums of a register of rows (`wide` as above); bits shifted out of a lane are dropped,
/// so cells beyond the square count as dead.
HASHLIFE_AVX512_PART
static inline hashlife_row_sums512 hashlife_sums512_of(__m512i rows, __m512i west, __m512i east) {
    hashlife_row_sums512 sums = {west ^ east, west & east};
    sums.tripleSum = sums.pairSum ^ rows;
    sums.tripleCarry = sums.pairCarry | (sums.pairSum & rows);
    return sums;
}

HASHLIFE_AVX512_PART
static inline hashlife_row_sums512 hashlife_sums512(__m512i rows, int wide) {
    __m512i west = wide ? _mm512_slli_epi64(rows, 1) : _mm512_slli_epi32(rows, 1);
    __m512i east = wide ? _mm512_srli_epi64(rows, 1) : _mm512_srli_epi32(rows, 1);
    return hashlife_sums512_of(rows, west, east);
}

/// The sums of the west (`half` 0) or east (1) halves of 128-cell rows, `rows` that half and
/// `other` the other: the cells either side of the middle are each other's neighbours.
HASHLIFE_AVX512_PART
static inline hashlife_row_sums512 hashlife_half_sums512(__m512i rows, __m512i other, int half) {
    __m512i west = _mm512_slli_epi64(rows, 1), east = _mm512_srli_epi64(rows, 1);
    if (half) west |= _mm512_srli_epi64(other, 63);
    else east |= _mm512_slli_epi64(other, 63);
    return hashlife_sums512_of(rows, west, east);
}

HASHLIFE_AVX512_PART
static inline hashlife_row_sums512 hashlife_no_sums512(void) {
    __m512i zero = _mm512_setzero_si512();
    return (hashlife_row_sums512){zero, zero, zero, zero};
}

/// The row above each lane's: lane i - 1, the register before's last lane for i = 0.
HASHLIFE_AVX512_PART
static inline __m512i hashlife_above512(hashlife_row_sums512 here, hashlife_row_sums512 previous, int wide, int carry) {
    __m512i a = carry ? here.tripleCarry : here.tripleSum, b = carry ? previous.tripleCarry : previous.tripleSum;
    return wide ? _mm512_alignr_epi64(a, b, 7) : _mm512_alignr_epi32(a, b, 15);
}

/// The row below: lane i + 1, the next register's first lane for the last.
HASHLIFE_AVX512_PART
static inline __m512i hashlife_below512(hashlife_row_sums512 here, hashlife_row_sums512 next, int wide, int carry) {
    __m512i a = carry ? next.tripleCarry : next.tripleSum, b = carry ? here.tripleCarry : here.tripleSum;
    return wide ? _mm512_alignr_epi64(a, b, 1) : _mm512_alignr_epi32(a, b, 1);
}

HASHLIFE_DEFINE_NEXT(hashlife_next512, __m512i, HASHLIFE_AVX512_PART)
HASHLIFE_DEFINE_GENERATION(hashlife_generation512, __m512i, hashlife_row_sums512, HASHLIFE_AVX512_PART,
                           hashlife_sums512, hashlife_no_sums512, hashlife_above512, hashlife_below512, hashlife_next512)

HASHLIFE_AVX512_PART static inline __m512i hashlife_load512(const __m512i *p) { return _mm512_loadu_si512(p); }
HASHLIFE_AVX512_PART static inline void hashlife_store512(__m512i *p, __m512i v) { _mm512_storeu_si512(p, v); }

/// `hashlife_life64_avx512(rows, generations, birth, survival, oddBirth, oddSurvival)`: the 64×64 square
/// (`HASHLIFE_DEFINE_SQUARE64`), eight rows to a register. Only after
/// `hashlife_life_kernels_available()` returned 2.
HASHLIFE_DEFINE_SQUARE64(hashlife_life64_avx512, __m512i, HASHLIFE_AVX512, 8, hashlife_load512, hashlife_store512,
                         hashlife_generation512)

HASHLIFE_DEFINE_GENERATION128(hashlife_generation128_512, __m512i, hashlife_row_sums512, HASHLIFE_AVX512_PART,
                              hashlife_half_sums512, hashlife_no_sums512, hashlife_above512, hashlife_below512,
                              hashlife_next512)

/// `hashlife_life128_avx512(west, east, generations, birth, survival, oddBirth, oddSurvival)`:
/// the 128×128 square (`HASHLIFE_DEFINE_SQUARE128`), eight rows to a register. Only after
/// `hashlife_life_kernels_available()` returned 2.
HASHLIFE_DEFINE_SQUARE128(hashlife_life128_avx512, __m512i, HASHLIFE_AVX512, 8, hashlife_load512, hashlife_store512,
                          hashlife_generation128_512)

// AVX2 (processors without AVX-512): eight 32-bit rows or four 64-bit rows to a register. A
// lane moves to the next row by a lane rotation and a blend with the neighbouring register's
// rotation.

#define HASHLIFE_AVX2 __attribute__((target("avx2")))
#define HASHLIFE_AVX2_PART __attribute__((target("avx2"), always_inline))

/// A register's horizontal sums, with its triple sums' lanes rotated one row down (lane i
/// takes lane i - 1) and one row up (lane i takes lane i + 1), each made once.
typedef struct {
    __m256i pairSum, pairCarry, downSum, downCarry, upSum, upCarry;
} hashlife_row_sums256;

HASHLIFE_AVX2_PART
static inline hashlife_row_sums256 hashlife_sums256_of(__m256i rows, __m256i west, __m256i east, int wide) {
    const __m256i down32 = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6), up32 = _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 0);
    hashlife_row_sums256 sums = {west ^ east, west & east};
    __m256i tripleSum = sums.pairSum ^ rows, tripleCarry = sums.pairCarry | (sums.pairSum & rows);
    sums.downSum = wide ? _mm256_permute4x64_epi64(tripleSum, 0x93) : _mm256_permutevar8x32_epi32(tripleSum, down32);
    sums.downCarry = wide ? _mm256_permute4x64_epi64(tripleCarry, 0x93) : _mm256_permutevar8x32_epi32(tripleCarry, down32);
    sums.upSum = wide ? _mm256_permute4x64_epi64(tripleSum, 0x39) : _mm256_permutevar8x32_epi32(tripleSum, up32);
    sums.upCarry = wide ? _mm256_permute4x64_epi64(tripleCarry, 0x39) : _mm256_permutevar8x32_epi32(tripleCarry, up32);
    return sums;
}

HASHLIFE_AVX2_PART
static inline hashlife_row_sums256 hashlife_sums256(__m256i rows, int wide) {
    __m256i west = wide ? _mm256_slli_epi64(rows, 1) : _mm256_slli_epi32(rows, 1);
    __m256i east = wide ? _mm256_srli_epi64(rows, 1) : _mm256_srli_epi32(rows, 1);
    return hashlife_sums256_of(rows, west, east, wide);
}

/// `hashlife_half_sums512` for four 64-bit rows to a register.
HASHLIFE_AVX2_PART
static inline hashlife_row_sums256 hashlife_half_sums256(__m256i rows, __m256i other, int half) {
    __m256i west = _mm256_slli_epi64(rows, 1), east = _mm256_srli_epi64(rows, 1);
    if (half) west |= _mm256_srli_epi64(other, 63);
    else east |= _mm256_slli_epi64(other, 63);
    return hashlife_sums256_of(rows, west, east, 1);
}

HASHLIFE_AVX2_PART
static inline hashlife_row_sums256 hashlife_no_sums256(void) {
    __m256i zero = _mm256_setzero_si256();
    return (hashlife_row_sums256){zero, zero, zero, zero, zero, zero};
}

/// The row above the first lane is the last lane of the register before (its rotation down put
/// it first).
HASHLIFE_AVX2_PART
static inline __m256i hashlife_above256(hashlife_row_sums256 here, hashlife_row_sums256 previous, int wide, int carry) {
    __m256i a = carry ? here.downCarry : here.downSum, b = carry ? previous.downCarry : previous.downSum;
    return wide ? _mm256_blend_epi32(a, b, 0x03) : _mm256_blend_epi32(a, b, 0x01);
}

/// Below the last lane, the first of the register after.
HASHLIFE_AVX2_PART
static inline __m256i hashlife_below256(hashlife_row_sums256 here, hashlife_row_sums256 next, int wide, int carry) {
    __m256i a = carry ? here.upCarry : here.upSum, b = carry ? next.upCarry : next.upSum;
    return wide ? _mm256_blend_epi32(a, b, 0xC0) : _mm256_blend_epi32(a, b, 0x80);
}

HASHLIFE_DEFINE_NEXT(hashlife_next256, __m256i, HASHLIFE_AVX2_PART)
HASHLIFE_DEFINE_GENERATION(hashlife_generation256, __m256i, hashlife_row_sums256, HASHLIFE_AVX2_PART,
                           hashlife_sums256, hashlife_no_sums256, hashlife_above256, hashlife_below256, hashlife_next256)

/// The eight rows (32 bits each, row y in lane y) of a strip of four leaves (`strip[c]` covering
/// columns 8c ..< 8c+8): dwords to (leaf 0 rows 0-3, leaf 1 rows 0-3, ..., leaf 0 rows 4-7,
/// ...), then a 4×4 byte transpose in each half, so row y's byte c is byte y of leaf c.
HASHLIFE_AVX2_PART
static inline __m256i hashlife_strip_rows256(const uint64_t *strip) {
    const __m256i halves = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    const __m256i transpose = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                               0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    return _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)strip), halves), transpose);
}

/// The two leaves (west, east) of the centre 16 columns of eight rows of 32 bits (bytes 1 and
/// 2 of each row), to `out[0]` and `out[1]`: in each half, byte 1 of its four rows then byte 2;
/// then the halves' first dwords together (the west leaf), then their second.
HASHLIFE_AVX2_PART
static inline void hashlife_centre_leaves256(__m256i rows, uint64_t *out) {
    const __m256i centre = _mm256_setr_epi8(1, 5, 9, 13, 2, 6, 10, 14, -1, -1, -1, -1, -1, -1, -1, -1,
                                            1, 5, 9, 13, 2, 6, 10, 14, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 4, 1, 5, 2, 3, 6, 7);
    __m256i leaves = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(rows, centre), join);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(leaves));
}

/// The centre 16×16 of the 32×32 square made of `leaves` (16, row-major as above), advanced
/// `generations` (1 ... 8) generations of the outer-totalistic rule `evenBirth`/`evenSurvival`
/// (bit n: born, survives with n live neighbours; B3/S23 is 0x8/0xC) from even generations (the
/// first is even) and `oddBirth`/`oddSurvival` from odd ones, as four leaves in `out` (nw, ne,
/// sw, se), on AVX2: four registers of eight rows. Only after
/// `hashlife_life_kernels_available()` returned 1 or more.
HASHLIFE_AVX2
static inline void hashlife_life32_avx2(const uint64_t *leaves, int generations, uint64_t *out, unsigned evenBirth,
                                        unsigned evenSurvival, unsigned oddBirth, unsigned oddSurvival) {
    __m256i r[4];
    for (int j = 0; j < 4; j++) r[j] = hashlife_strip_rows256(leaves + 4 * j);
    int life = evenBirth == HASHLIFE_LIFE_BIRTH && evenSurvival == HASHLIFE_LIFE_SURVIVAL && oddBirth == evenBirth
               && oddSurvival == evenSurvival;
    for (int g = 0; g < generations; g++) {
        unsigned birth = g & 1 ? oddBirth : evenBirth, survival = g & 1 ? oddSurvival : evenSurvival;
        if (life) hashlife_generation256(r, 4, 0, birth, survival, 1);
        else hashlife_generation256(r, 4, 0, birth, survival, 0);
    }
    // The centre's rows are rows 8-15 (r[1]) and 16-23 (r[2]).
    for (int j = 0; j < 2; j++) hashlife_centre_leaves256(r[1 + j], out + 2 * j);
}

HASHLIFE_AVX2_PART static inline __m256i hashlife_load256(const __m256i *p) { return _mm256_loadu_si256(p); }
HASHLIFE_AVX2_PART static inline void hashlife_store256(__m256i *p, __m256i v) { _mm256_storeu_si256(p, v); }

/// `hashlife_life64_avx2(rows, generations, birth, survival, oddBirth, oddSurvival)`: the 64×64 square, four rows to
/// a register. Only after `hashlife_life_kernels_available()` returned 1 or more.
HASHLIFE_DEFINE_SQUARE64(hashlife_life64_avx2, __m256i, HASHLIFE_AVX2, 4, hashlife_load256, hashlife_store256,
                         hashlife_generation256)

HASHLIFE_DEFINE_GENERATION128(hashlife_generation128_256, __m256i, hashlife_row_sums256, HASHLIFE_AVX2_PART,
                              hashlife_half_sums256, hashlife_no_sums256, hashlife_above256, hashlife_below256,
                              hashlife_next256)

/// `hashlife_life128_avx2(west, east, generations, birth, survival, oddBirth, oddSurvival)`: the
/// 128×128 square (`HASHLIFE_DEFINE_SQUARE128`), four rows to a register. Only after
/// `hashlife_life_kernels_available()` returned 1 or 2.
HASHLIFE_DEFINE_SQUARE128(hashlife_life128_avx2, __m256i, HASHLIFE_AVX2, 4, hashlife_load256, hashlife_store256,
                          hashlife_generation128_256)
#endif

#endif
