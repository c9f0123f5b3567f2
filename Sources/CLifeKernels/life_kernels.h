// Vector kernels for the engine's direct squares (outer-totalistic rules: B3/S23 and the other
// Life-like rules), which Swift cannot compile for an instruction set chosen at run time without
// target flags on the whole module (unsafe flags would stop other packages from depending on
// the engine). Header only: each kernel carries its instruction set as a function attribute, so
// the rest of the program keeps the baseline, and the engine calls a kernel only after
// `hashlife_life_kernels_available` said the processor and the system support it. Nothing is
// linked.
//
// The 32×32 square: sixteen 8×8 leaves (leaf bit 8y + x = column x, row y; leaves row-major,
// leaves[4j + i] covering columns 8i ..< 8i+8 and rows 8j ..< 8j+8) become 32 rows of 32 bits,
// sixteen to a 512-bit register (lane r = row r, bit x = column x), by one byte permutation
// per register: byte c of row r is byte r mod 8 of leaf 4(r / 8) + c. A generation makes each
// row's horizontal sums (pair: the two row neighbours; triple: those and the cell), moves the
// triple sums one lane up and down across the two registers for the rows above and below, and
// adds the three as bit planes (the compiler merges the logic into three-input instructions;
// B3/S23 needs a few more, other rules compare the count's planes with each count they name). Cells beyond the square
// count as dead, which spoils one more row and column at each edge every generation; after 8
// the centre 16×16 is still exact, and one more byte permutation cuts it out as four leaves.
//
// The 64×64 square: 64 rows of 64 bits, eight to a register, the same generation.
//
// Processors without AVX-512 run the AVX2 kernels at the end: the same generation on 256-bit
// registers (eight 32-bit rows or four 64-bit rows each), two-input logic for the adders.
//
// SwiftPM does not see this header as a source of the engine: after editing it, touch
// `Sources/HashlifeEngine/Stepping/NodeStore+VectorKernels.swift` so the engine is rebuilt.
#ifndef HASHLIFE_LIFE_KERNELS_H
#define HASHLIFE_LIFE_KERNELS_H

#include <stdint.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>
#define HASHLIFE_LIFE_KERNELS_X86 1
#endif

/// The kernels this processor and system run: 2 for the AVX-512 ones (AVX-512 F, BW and
/// VBMI, and the system saves the 512-bit registers), 1 for the AVX2 ones, 0 for none. Costs
/// a few `cpuid`s: ask once.
static inline int hashlife_life_kernels_available(void) {
#ifdef HASHLIFE_LIFE_KERNELS_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)) || !(c & (1u << 28))) return 0;  // OSXSAVE, AVX
    unsigned low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 0x06) != 0x06) return 0;  // the system saves SSE and AVX state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 5))) return 0;  // AVX2
    int f = (b >> 16) & 1, bw = (b >> 30) & 1, vbmi = (c >> 1) & 1;
    int zmm = (low & 0xE0) == 0xE0;  // and mask and 512-bit state
    return f && bw && vbmi && zmm ? 2 : 1;
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
        V born = rows ^ rows, survives = born;                                                      \
        for (int n = 0; n <= 8; n++) {                                                              \
            if (!((birth | survival) >> n & 1)) continue;                                           \
            /* The cells whose count is n: no plane differs from n's bit. */                        \
            V differs = (n & 1 ? ~ones : ones) | (n & 2 ? ~twos : twos) | (n & 4 ? ~fours : fours)  \
                        | (n & 8 ? ~eights : eights);                                               \
            if (birth >> n & 1) born |= ~differs;                                                   \
            if (survival >> n & 1) survives |= ~differs;                                            \
        }                                                                                           \
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

/// Defines `name(rows, generations, birth, survival)`: the 64 rows of a 64×64 square (bit x of
/// `rows[y]` = column x, row y) advanced `generations` (1 ... 16) generations of
/// `birth`/`survival` in place, `lanes` rows to a register of type `V` (loaded and stored by
/// `load` and `store`), by `generation`. Cells beyond the square count as dead, so after g
/// generations the rows and columns within g of an edge are wrong and the centre 32×32 is exact.
#define HASHLIFE_DEFINE_SQUARE64(name, V, attributes, lanes, load, store, generation)               \
    attributes static inline void name(uint64_t *rows, int generations, unsigned birth,             \
                                       unsigned survival) {                                         \
        V r[64 / lanes];                                                                            \
        for (int k = 0; k < 64 / lanes; k++) r[k] = load((const V *)(rows + lanes * k));            \
        int life = birth == HASHLIFE_LIFE_BIRTH && survival == HASHLIFE_LIFE_SURVIVAL;              \
        for (int g = 0; g < generations; g++) {                                                     \
            /* Only the registers holding the rows the centre still depends on (16 - m ... 47 */    \
            /* + m after this generation, m generations before the end) and their neighbours. */    \
            int margin = generations - 1 - g, first = (15 - margin) / lanes;                        \
            int last = (48 + margin) / lanes;                                                       \
            if (life) generation(r + first, last - first + 1, 1, birth, survival, 1);               \
            else generation(r + first, last - first + 1, 1, birth, survival, 0);                    \
        }                                                                                           \
        for (int k = 0; k < 64 / lanes; k++) store((V *)(rows + lanes * k), r[k]);                  \
    }

// AVX-512: sixteen 32-bit rows or eight 64-bit rows to a register; a row's neighbours in the
// previous and next lanes come by `valignd`/`valignq` across two registers.

#define HASHLIFE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))
#define HASHLIFE_AVX512_PART __attribute__((target("avx512f,avx512bw,avx512vbmi"), always_inline))

/// A register's horizontal sums: for each cell, its two row neighbours (pair) and those and
/// itself (triple), as sum and carry bits.
typedef struct {
    __m512i pairSum, pairCarry, tripleSum, tripleCarry;
} hashlife_row_sums512;

/// The sums of a register of rows (`wide` as above); bits shifted out of a lane are dropped,
/// so cells beyond the square count as dead.
HASHLIFE_AVX512_PART
static inline hashlife_row_sums512 hashlife_sums512(__m512i rows, int wide) {
    __m512i west = wide ? _mm512_slli_epi64(rows, 1) : _mm512_slli_epi32(rows, 1);
    __m512i east = wide ? _mm512_srli_epi64(rows, 1) : _mm512_srli_epi32(rows, 1);
    hashlife_row_sums512 sums = {west ^ east, west & east};
    sums.tripleSum = sums.pairSum ^ rows;
    sums.tripleCarry = sums.pairCarry | (sums.pairSum & rows);
    return sums;
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

/// The centre 16×16 of the 32×32 square made of `leaves` (16, row-major as above), advanced
/// `generations` (1 ... 8) generations of the outer-totalistic rule `birth`/`survival` (bit n:
/// born, survives with n live neighbours; B3/S23 is 0x8/0xC), as four leaves in `out` (nw, ne,
/// sw, se). Only after `hashlife_life_kernels_available()` returned 2.
HASHLIFE_AVX512
static inline void hashlife_life32_avx512(const uint64_t *leaves, int generations, uint64_t *out, unsigned birth, unsigned survival) {
    // Byte 4r + c of a register (row r, columns 8c ..< 8c+8) is byte r mod 8 of leaf 4(r/8) + c.
    static const uint8_t toRows[64] = {
        0, 8, 16, 24, 1, 9, 17, 25, 2, 10, 18, 26, 3, 11, 19, 27, 4, 12, 20, 28, 5, 13, 21, 29,
        6, 14, 22, 30, 7, 15, 23, 31, 32, 40, 48, 56, 33, 41, 49, 57, 34, 42, 50, 58, 35, 43, 51, 59,
        36, 44, 52, 60, 37, 45, 53, 61, 38, 46, 54, 62, 39, 47, 55, 63};
    // Byte 8L + y of the result (leaf L = 2j + i, row y) is row 8 + 8j + y's byte 1 + i: from
    // the top register below row 16, else from the bottom one (index + 64).
    static const uint8_t toLeaves[64] = {
        33, 37, 41, 45, 49, 53, 57, 61, 34, 38, 42, 46, 50, 54, 58, 62,
        65, 69, 73, 77, 81, 85, 89, 93, 66, 70, 74, 78, 82, 86, 90, 94};
    const __m512i rowOrder = _mm512_loadu_si512(toRows);
    __m512i r[2] = {_mm512_permutexvar_epi8(rowOrder, _mm512_loadu_si512(leaves)),
                    _mm512_permutexvar_epi8(rowOrder, _mm512_loadu_si512(leaves + 8))};
    int life = birth == HASHLIFE_LIFE_BIRTH && survival == HASHLIFE_LIFE_SURVIVAL;
    for (int g = 0; g < generations; g++) {
        if (life) hashlife_generation512(r, 2, 0, birth, survival, 1);
        else hashlife_generation512(r, 2, 0, birth, survival, 0);
    }
    __m512i centre = _mm512_permutex2var_epi8(r[0], _mm512_loadu_si512(toLeaves), r[1]);
    _mm256_storeu_si256((__m256i *)out, _mm512_castsi512_si256(centre));
}

HASHLIFE_AVX512_PART static inline __m512i hashlife_load512(const __m512i *p) { return _mm512_loadu_si512(p); }
HASHLIFE_AVX512_PART static inline void hashlife_store512(__m512i *p, __m512i v) { _mm512_storeu_si512(p, v); }

/// `hashlife_life64_avx512(rows, generations, birth, survival)`: the 64×64 square
/// (`HASHLIFE_DEFINE_SQUARE64`), eight rows to a register. Only after
/// `hashlife_life_kernels_available()` returned 2.
HASHLIFE_DEFINE_SQUARE64(hashlife_life64_avx512, __m512i, HASHLIFE_AVX512, 8, hashlife_load512, hashlife_store512,
                         hashlife_generation512)

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
static inline hashlife_row_sums256 hashlife_sums256(__m256i rows, int wide) {
    const __m256i down32 = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6), up32 = _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 0);
    __m256i west = wide ? _mm256_slli_epi64(rows, 1) : _mm256_slli_epi32(rows, 1);
    __m256i east = wide ? _mm256_srli_epi64(rows, 1) : _mm256_srli_epi32(rows, 1);
    hashlife_row_sums256 sums = {west ^ east, west & east};
    __m256i tripleSum = sums.pairSum ^ rows, tripleCarry = sums.pairCarry | (sums.pairSum & rows);
    sums.downSum = wide ? _mm256_permute4x64_epi64(tripleSum, 0x93) : _mm256_permutevar8x32_epi32(tripleSum, down32);
    sums.downCarry = wide ? _mm256_permute4x64_epi64(tripleCarry, 0x93) : _mm256_permutevar8x32_epi32(tripleCarry, down32);
    sums.upSum = wide ? _mm256_permute4x64_epi64(tripleSum, 0x39) : _mm256_permutevar8x32_epi32(tripleSum, up32);
    sums.upCarry = wide ? _mm256_permute4x64_epi64(tripleCarry, 0x39) : _mm256_permutevar8x32_epi32(tripleCarry, up32);
    return sums;
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

/// `hashlife_life32_avx512` on AVX2: four registers of eight rows. Only after
/// `hashlife_life_kernels_available()` returned 1 or more.
HASHLIFE_AVX2
static inline void hashlife_life32_avx2(const uint64_t *leaves, int generations, uint64_t *out, unsigned birth, unsigned survival) {
    // A strip of four leaves (one register: leaf c's bytes at 8c) to its eight rows (row y's
    // byte c at 4y + c): dwords to (leaf 0 rows 0-3, leaf 1 rows 0-3, ..., leaf 0 rows 4-7,
    // ...), then a 4×4 byte transpose in each half.
    const __m256i halves = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    const __m256i transpose = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                               0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    __m256i r[4];
    for (int j = 0; j < 4; j++) {
        __m256i strip = _mm256_loadu_si256((const __m256i *)(leaves + 4 * j));
        r[j] = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(strip, halves), transpose);
    }
    int life = birth == HASHLIFE_LIFE_BIRTH && survival == HASHLIFE_LIFE_SURVIVAL;
    for (int g = 0; g < generations; g++) {
        if (life) hashlife_generation256(r, 4, 0, birth, survival, 1);
        else hashlife_generation256(r, 4, 0, birth, survival, 0);
    }
    // Rows 8-15 (r[1]) and 16-23 (r[2]), bytes 1 and 2: in each half, byte 1 of its four rows
    // then byte 2; then the halves' first dwords together (the west leaf), then their second.
    const __m256i centre = _mm256_setr_epi8(1, 5, 9, 13, 2, 6, 10, 14, -1, -1, -1, -1, -1, -1, -1, -1,
                                            1, 5, 9, 13, 2, 6, 10, 14, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 4, 1, 5, 2, 3, 6, 7);
    for (int j = 0; j < 2; j++) {
        __m256i leavesOut = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(r[1 + j], centre), join);
        _mm_storeu_si128((__m128i *)(out + 2 * j), _mm256_castsi256_si128(leavesOut));
    }
}

HASHLIFE_AVX2_PART static inline __m256i hashlife_load256(const __m256i *p) { return _mm256_loadu_si256(p); }
HASHLIFE_AVX2_PART static inline void hashlife_store256(__m256i *p, __m256i v) { _mm256_storeu_si256(p, v); }

/// `hashlife_life64_avx2(rows, generations, birth, survival)`: the 64×64 square, four rows to
/// a register. Only after `hashlife_life_kernels_available()` returned 1 or more.
HASHLIFE_DEFINE_SQUARE64(hashlife_life64_avx2, __m256i, HASHLIFE_AVX2, 4, hashlife_load256, hashlife_store256,
                         hashlife_generation256)
#endif

#endif
