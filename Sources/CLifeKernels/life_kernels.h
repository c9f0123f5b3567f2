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
// adds the three as bit planes with three-input logic instructions (B3/S23 in two more; other
// rules compare the count's planes with each count they name). Cells beyond the square
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
#define HASHLIFE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))
/// For the parts of a kernel: inlined, so that each kernel's loops are compiled once for B3/S23
/// (`life` 1, a constant there) and once for other rules.
#define HASHLIFE_AVX512_PART __attribute__((target("avx512f,avx512bw,avx512vbmi"), always_inline))

/// B3/S23's `birth` and `survival` masks, which take a shorter path than other rules.
#define HASHLIFE_LIFE_BIRTH 0x8u
#define HASHLIFE_LIFE_SURVIVAL 0xCu

/// The next state of `rows` from the adder's planes: a cell's count is ones + 2·(carries ^
/// onesCarry) + 4·(carry + (carries & onesCarry)). Bit n of `birth` (`survival`): a dead
/// (live) cell with n live neighbours is alive next.
HASHLIFE_AVX512_PART
static inline __m512i hashlife_next512(__m512i rows, __m512i ones, __m512i onesCarry, __m512i carries, __m512i carry,
                                       unsigned birth, unsigned survival, int life) {
    if (life) {
        // Two or three neighbours: the weight-2 plane (carries ^ onesCarry) set and no weight
        // 4 (when it is set, carries & onesCarry is 0, so `carry` alone tells four or more).
        // 0x14 is (a ^ b) & ~c.
        __m512i twoOrThree = _mm512_ternarylogic_epi32(carries, onesCarry, carry, 0x14);
        // (ones | row) & twoOrThree: three neighbours, or two and alive. 0xA8 is (a | b) & c.
        return _mm512_ternarylogic_epi32(ones, rows, twoOrThree, 0xA8);
    }
    const __m512i zero = _mm512_setzero_si512(), all = _mm512_set1_epi32(-1);
    __m512i twos = _mm512_xor_si512(carries, onesCarry), twosCarry = _mm512_and_si512(carries, onesCarry);
    __m512i fours = _mm512_xor_si512(carry, twosCarry), eights = _mm512_and_si512(carry, twosCarry);
    __m512i born = zero, survives = zero;
    for (int n = 0; n <= 8; n++) {
        if (!((birth | survival) >> n & 1)) continue;
        // The cells whose count is n: each plane equal to n's bit (0x01 is ~(a | b | c)).
        __m512i low = _mm512_ternarylogic_epi32(_mm512_xor_si512(ones, n & 1 ? all : zero), _mm512_xor_si512(twos, n & 2 ? all : zero),
                                                _mm512_xor_si512(fours, n & 4 ? all : zero), 0x01);
        __m512i match = _mm512_andnot_si512(_mm512_xor_si512(eights, n & 8 ? all : zero), low);
        if (birth >> n & 1) born = _mm512_or_si512(born, match);
        if (survival >> n & 1) survives = _mm512_or_si512(survives, match);
    }
    return _mm512_ternarylogic_epi32(born, survives, rows, 0xD8);  // rows ? survives : born
}

/// A register's horizontal sums: for each cell, its two row neighbours (pair) and those and
/// itself (triple), as sum and carry bits.
typedef struct {
    __m512i pairSum, pairCarry, tripleSum, tripleCarry;
} hashlife_row_sums512;

/// The sums of a register of rows: 32-bit lanes (`wide` 0: sixteen rows) or 64-bit (`wide` 1:
/// eight rows); bits shifted out of a lane are dropped, so cells beyond the square count as dead.
HASHLIFE_AVX512_PART
static inline hashlife_row_sums512 hashlife_row_sums_of(__m512i rows, int wide) {
    __m512i west = wide ? _mm512_slli_epi64(rows, 1) : _mm512_slli_epi32(rows, 1);
    __m512i east = wide ? _mm512_srli_epi64(rows, 1) : _mm512_srli_epi32(rows, 1);
    hashlife_row_sums512 sums;
    sums.pairSum = _mm512_xor_si512(west, east);
    sums.pairCarry = _mm512_and_si512(west, east);
    sums.tripleSum = _mm512_xor_si512(sums.pairSum, rows);
    // pairCarry | (pairSum & row): a ternary-logic immediate is the truth table of its three
    // operands, indexed by 4a + 2b + c.
    sums.tripleCarry = _mm512_ternarylogic_epi32(sums.pairCarry, sums.pairSum, rows, 0xF8);
    return sums;
}

/// One generation of the rows of `r` (`count` registers, row order; lanes as for
/// `hashlife_row_sums_of`), top down, each register's sums made once and carried to the next
/// (no array of sums, which a compiler may keep in memory); `life` says the rule is B3/S23.
HASHLIFE_AVX512_PART
static inline void hashlife_generation512(__m512i *r, int count, int wide, unsigned birth, unsigned survival, int life) {
    const __m512i zero = _mm512_setzero_si512();
    hashlife_row_sums512 none = {zero, zero, zero, zero}, previous = none, here = hashlife_row_sums_of(r[0], wide);
    for (int k = 0; k < count; k++) {
        hashlife_row_sums512 next = k + 1 < count ? hashlife_row_sums_of(r[k + 1], wide) : none;
        // The triple sums of the row above each row (lane i of the result = lane i - 1, the
        // register before's last lane for i = 0) and of the row below (lane i + 1).
        __m512i aboveSum = wide ? _mm512_alignr_epi64(here.tripleSum, previous.tripleSum, 7) : _mm512_alignr_epi32(here.tripleSum, previous.tripleSum, 15);
        __m512i aboveCarry = wide ? _mm512_alignr_epi64(here.tripleCarry, previous.tripleCarry, 7) : _mm512_alignr_epi32(here.tripleCarry, previous.tripleCarry, 15);
        __m512i belowSum = wide ? _mm512_alignr_epi64(next.tripleSum, here.tripleSum, 1) : _mm512_alignr_epi32(next.tripleSum, here.tripleSum, 1);
        __m512i belowCarry = wide ? _mm512_alignr_epi64(next.tripleCarry, here.tripleCarry, 1) : _mm512_alignr_epi32(next.tripleCarry, here.tripleCarry, 1);
        // Full adders: 0x96 is a ^ b ^ c, 0xE8 the majority of a, b, c.
        __m512i ones = _mm512_ternarylogic_epi32(aboveSum, belowSum, here.pairSum, 0x96);
        __m512i onesCarry = _mm512_ternarylogic_epi32(aboveSum, belowSum, here.pairSum, 0xE8);
        __m512i carries = _mm512_ternarylogic_epi32(aboveCarry, belowCarry, here.pairCarry, 0x96);
        __m512i carry = _mm512_ternarylogic_epi32(aboveCarry, belowCarry, here.pairCarry, 0xE8);
        r[k] = hashlife_next512(r[k], ones, onesCarry, carries, carry, birth, survival, life);
        previous = here;
        here = next;
    }
}

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

/// Advances the 64 rows of a 64×64 square (bit x of `rows[y]` = column x, row y) `generations`
/// (1 ... 16) generations of `birth`/`survival` (as above) in place, eight rows to a register.
/// Cells beyond the square count as dead, so after g generations the rows and columns within g
/// of an edge are wrong and the centre 32×32 is exact. Only after
/// `hashlife_life_kernels_available()` returned 2.
HASHLIFE_AVX512
static inline void hashlife_life64_avx512(uint64_t *rows, int generations, unsigned birth, unsigned survival) {
    __m512i r[8];
    for (int k = 0; k < 8; k++) r[k] = _mm512_loadu_si512(rows + 8 * k);
    int life = birth == HASHLIFE_LIFE_BIRTH && survival == HASHLIFE_LIFE_SURVIVAL;
    for (int g = 0; g < generations; g++) {
        // Only the registers holding the rows the centre still depends on (16 - m ... 47 + m
        // after this generation, m generations before the end) and their neighbour rows.
        int margin = generations - 1 - g, first = (15 - margin) / 8, last = (48 + margin) / 8;
        if (life) hashlife_generation512(r + first, last - first + 1, 1, birth, survival, 1);
        else hashlife_generation512(r + first, last - first + 1, 1, birth, survival, 0);
    }
    for (int k = 0; k < 8; k++) _mm512_storeu_si512(rows + 8 * k, r[k]);
}

#define HASHLIFE_AVX2 __attribute__((target("avx2")))
#define HASHLIFE_AVX2_PART __attribute__((target("avx2"), always_inline))

/// The AVX2 kernels (processors without AVX-512): eight 32-bit rows or four 64-bit rows to a
/// 256-bit register. A lane moves to the next row by a lane rotation and a blend with the
/// neighbouring register's rotation; the adders are two-input logic.

/// A register's horizontal sums (see above), with its triple sums' lanes rotated one row down
/// (lane i takes lane i - 1) and one row up (lane i takes lane i + 1).
typedef struct {
    __m256i pairSum, pairCarry, downSum, downCarry, upSum, upCarry;
} hashlife_row_sums_avx2;

/// The sums of a register of rows: 32-bit lanes (`wide` 0: eight rows) or 64-bit (`wide` 1:
/// four rows).
HASHLIFE_AVX2_PART
static inline hashlife_row_sums_avx2 hashlife_row_sums(__m256i rows, int wide) {
    const __m256i down32 = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6), up32 = _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 0);
    __m256i west = wide ? _mm256_slli_epi64(rows, 1) : _mm256_slli_epi32(rows, 1);
    __m256i east = wide ? _mm256_srli_epi64(rows, 1) : _mm256_srli_epi32(rows, 1);
    hashlife_row_sums_avx2 sums;
    sums.pairSum = _mm256_xor_si256(west, east);
    sums.pairCarry = _mm256_and_si256(west, east);
    __m256i tripleSum = _mm256_xor_si256(sums.pairSum, rows);
    __m256i tripleCarry = _mm256_or_si256(sums.pairCarry, _mm256_and_si256(sums.pairSum, rows));
    sums.downSum = wide ? _mm256_permute4x64_epi64(tripleSum, 0x93) : _mm256_permutevar8x32_epi32(tripleSum, down32);
    sums.downCarry = wide ? _mm256_permute4x64_epi64(tripleCarry, 0x93) : _mm256_permutevar8x32_epi32(tripleCarry, down32);
    sums.upSum = wide ? _mm256_permute4x64_epi64(tripleSum, 0x39) : _mm256_permutevar8x32_epi32(tripleSum, up32);
    sums.upCarry = wide ? _mm256_permute4x64_epi64(tripleCarry, 0x39) : _mm256_permutevar8x32_epi32(tripleCarry, up32);
    return sums;
}

/// `hashlife_next512` on AVX2.
HASHLIFE_AVX2_PART
static inline __m256i hashlife_next256(__m256i rows, __m256i ones, __m256i onesCarry, __m256i carries, __m256i carry,
                                       unsigned birth, unsigned survival, int life) {
    if (life) {
        __m256i twoOrThree = _mm256_andnot_si256(carry, _mm256_xor_si256(carries, onesCarry));
        return _mm256_and_si256(_mm256_or_si256(ones, rows), twoOrThree);
    }
    const __m256i zero = _mm256_setzero_si256(), all = _mm256_set1_epi32(-1);
    __m256i twos = _mm256_xor_si256(carries, onesCarry), twosCarry = _mm256_and_si256(carries, onesCarry);
    __m256i fours = _mm256_xor_si256(carry, twosCarry), eights = _mm256_and_si256(carry, twosCarry);
    __m256i born = zero, survives = zero;
    for (int n = 0; n <= 8; n++) {
        if (!((birth | survival) >> n & 1)) continue;
        // A plane differs from n's bit where plane ^ bit is set; the count is n where none does.
        __m256i differs = _mm256_or_si256(_mm256_or_si256(_mm256_xor_si256(ones, n & 1 ? all : zero), _mm256_xor_si256(twos, n & 2 ? all : zero)),
                                          _mm256_or_si256(_mm256_xor_si256(fours, n & 4 ? all : zero), _mm256_xor_si256(eights, n & 8 ? all : zero)));
        if (birth >> n & 1) born = _mm256_or_si256(born, _mm256_andnot_si256(differs, all));
        if (survival >> n & 1) survives = _mm256_or_si256(survives, _mm256_andnot_si256(differs, all));
    }
    return _mm256_or_si256(_mm256_andnot_si256(rows, born), _mm256_and_si256(rows, survives));
}

/// One generation of the rows of `r` (`count` registers, row order; lanes as for
/// `hashlife_row_sums`), top down, each register's sums made once and carried to the next;
/// `life` says the rule is B3/S23.
HASHLIFE_AVX2_PART
static inline void hashlife_life_generation_avx2(__m256i *r, int count, int wide, unsigned birth, unsigned survival, int life) {
    const __m256i zero = _mm256_setzero_si256();
    hashlife_row_sums_avx2 previous = {zero, zero, zero, zero, zero, zero}, none = previous;
    hashlife_row_sums_avx2 here = hashlife_row_sums(r[0], wide);
    for (int k = 0; k < count; k++) {
        hashlife_row_sums_avx2 next = k + 1 < count ? hashlife_row_sums(r[k + 1], wide) : none;
        // The row above the first lane is the last lane of the register before (its rotation
        // down put it first); below the last lane, the first of the register after.
        __m256i aboveSum = wide ? _mm256_blend_epi32(here.downSum, previous.downSum, 0x03) : _mm256_blend_epi32(here.downSum, previous.downSum, 0x01);
        __m256i aboveCarry = wide ? _mm256_blend_epi32(here.downCarry, previous.downCarry, 0x03) : _mm256_blend_epi32(here.downCarry, previous.downCarry, 0x01);
        __m256i belowSum = wide ? _mm256_blend_epi32(here.upSum, next.upSum, 0xC0) : _mm256_blend_epi32(here.upSum, next.upSum, 0x80);
        __m256i belowCarry = wide ? _mm256_blend_epi32(here.upCarry, next.upCarry, 0xC0) : _mm256_blend_epi32(here.upCarry, next.upCarry, 0x80);
        __m256i outer = _mm256_xor_si256(aboveSum, belowSum);
        __m256i ones = _mm256_xor_si256(outer, here.pairSum);
        __m256i onesCarry = _mm256_or_si256(_mm256_and_si256(aboveSum, belowSum), _mm256_and_si256(outer, here.pairSum));
        __m256i outerCarries = _mm256_xor_si256(aboveCarry, belowCarry);
        __m256i carries = _mm256_xor_si256(outerCarries, here.pairCarry);
        __m256i carry = _mm256_or_si256(_mm256_and_si256(aboveCarry, belowCarry), _mm256_and_si256(outerCarries, here.pairCarry));
        r[k] = hashlife_next256(r[k], ones, onesCarry, carries, carry, birth, survival, life);
        previous = here;
        here = next;
    }
}

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
        if (life) hashlife_life_generation_avx2(r, 4, 0, birth, survival, 1);
        else hashlife_life_generation_avx2(r, 4, 0, birth, survival, 0);
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

/// `hashlife_life64_avx512` on AVX2: sixteen registers of four rows. Only after
/// `hashlife_life_kernels_available()` returned 1 or more.
HASHLIFE_AVX2
static inline void hashlife_life64_avx2(uint64_t *rows, int generations, unsigned birth, unsigned survival) {
    __m256i r[16];
    for (int k = 0; k < 16; k++) r[k] = _mm256_loadu_si256((const __m256i *)(rows + 4 * k));
    int life = birth == HASHLIFE_LIFE_BIRTH && survival == HASHLIFE_LIFE_SURVIVAL;
    for (int g = 0; g < generations; g++) {
        // Only the registers holding the rows the centre still depends on (16 - m ... 47 + m
        // after this generation, m generations before the end) and their neighbour rows.
        int margin = generations - 1 - g, first = (15 - margin) / 4, last = (48 + margin) / 4;
        if (life) hashlife_life_generation_avx2(r + first, last - first + 1, 1, birth, survival, 1);
        else hashlife_life_generation_avx2(r + first, last - first + 1, 1, birth, survival, 0);
    }
    for (int k = 0; k < 16; k++) _mm256_storeu_si256((__m256i *)(rows + 4 * k), r[k]);
}
#endif

#endif
