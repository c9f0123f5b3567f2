// The census's soup plane: a bounded 1024×1024 square of cells that runs one small soup until it
// settles, far faster than a Hashlife store for chaotic little patterns (which share few
// nodes). Header only, like life_kernels.h: each stepping function carries its instruction set
// and is called after `hashlife_life_kernels_available` said the processor runs it.
//
// Layout: two buffers (generations of even and odd parity), each 32 columns of 32-bit words
// with a zero column either side, a column being 1024 rows stored one after another (bit x of
// column c's word in row y = cell (32c + x, y)), 16 zero rows above and below. A block is 16
// rows of one column: 512 bits, one AVX-512 register (two AVX2 ones).
//
// Skipping: a generation computes only the blocks near change. A step writes generation t + 1
// over t − 1 in the other buffer, and notes which blocks differ from what they overwrite (t − 1).
// A block whose cells and the cells around it are the same at t + 1 as at t − 1 will be the same
// at t + 2 as at t, which its buffer already holds: the next step leaves it alone. So the next
// step computes each block that changed and each neighbour next to a changed edge row, column
// or corner cell (`active`). The first step after loading computes every block near the
// pattern and counts it changed; editing the plane (removing an escaping ship) marks the
// edited block and its neighbours for the same reason.
//
// Edges: cells beyond the square count as dead, so the plane is exact only while the pattern
// keeps away from its border; a step reports when a computed block has a live cell within
// `HSP_MARGIN` cells of the border, and the caller deals with it before the next step.
#ifndef HASHLIFE_SOUP_PLANE_H
#define HASHLIFE_SOUP_PLANE_H

#include <stdint.h>
#include <string.h>
#include "life_kernels.h"

#define HSP_COLUMNS 32
#define HSP_ROWS 1024
#define HSP_SIDE 1024
#define HSP_PAD 16
#define HSP_STRIDE (HSP_ROWS + 2 * HSP_PAD)
#define HSP_BLOCK_ROWS 16
#define HSP_BANDS (HSP_ROWS / HSP_BLOCK_ROWS)
#define HSP_COLUMN_MASK ((uint32_t)((1ull << HSP_COLUMNS) - 1))
/// Live cells this close to the border stop the plane's exactness soon: a step reports them.
#define HSP_MARGIN 4
/// A step's report: the bit set when a computed block has a live cell within the margin; the
/// low bits count the blocks that changed since two generations before.
#define HSP_EDGE 0x80000000u

/// One generation's cells: [1 + column][HSP_PAD + row].
typedef uint32_t hashlife_soup_cells[HSP_COLUMNS + 2][HSP_STRIDE];

typedef struct {
    /// Generation parity p holds the newest generation of that parity.
    hashlife_soup_cells cells[2];
    /// Bit c of active[band]: the next step computes block (c, band).
    uint32_t active[HSP_BANDS];
    /// Bit band: active[band] may have bits set.
    uint64_t activeBands;
    /// Blocks written since the plane was last cleared (for clearing only those).
    uint32_t touched[HSP_BANDS];
    /// Bit c of occupied[p][band]: block (c, band) of the newest generation of parity p may
    /// have live cells (it has, unless a cell was killed there).
    uint32_t occupied[2][HSP_BANDS];
    /// The blocks `hsp_copy` and `hsp_accumulate` wrote into their copies since their last
    /// `hsp_clear_copy`, `hsp_clear_envelope`.
    uint32_t copied[HSP_BANDS], enveloped[HSP_BANDS];
    /// For the newest generation of each parity, the sums over its blocks of each row's word
    /// mixed with its lane and its block (`hsp_scramble`; one sum per lane of a block): a hash of
    /// the whole generation that a step updates by the blocks that changed. Equal generations
    /// have equal sums.
    uint32_t sums[2][HSP_BLOCK_ROWS];
    uint64_t generation;
    /// Steps left that count every computed block changed (after loading).
    uint32_t fresh;
    /// Hashes of recent quiet generations (`hsp_run`), by their top bits: those of the pattern
    /// loaded `loads` times since the plane was made are this pattern's.
    struct {
        uint64_t hash;
        uint32_t generation, load;
    } seen[4096];
    uint32_t loads;
} hashlife_soup_plane;

/// Clears the plane to no live cells at generation 0 (only the blocks written since the last
/// clear are cleared).
static inline void hsp_clear(hashlife_soup_plane *p) {
    for (int band = 0; band < HSP_BANDS; band++) {
        uint32_t m = p->touched[band];
        while (m) {
            int c = __builtin_ctz(m);
            m &= m - 1;
            for (int b = 0; b < 2; b++) memset(&p->cells[b][c + 1][HSP_PAD + band * HSP_BLOCK_ROWS], 0, HSP_BLOCK_ROWS * 4);
        }
        p->touched[band] = 0;
        p->occupied[0][band] = p->occupied[1][band] = 0;
        p->active[band] = 0;
    }
    p->generation = 0;
    memset(p->sums, 0, sizeof p->sums);
    p->fresh = 0;
    p->activeBands = 0;
    p->loads++;
}

/// A zeroed plane is a cleared one.
static inline void hsp_init(hashlife_soup_plane *p) {
    memset(p, 0, sizeof *p);
    hsp_clear(p);
}

/// Cell (x, y) of the newest generation of parity `buffer`.
static inline int hsp_get(const hashlife_soup_plane *p, int buffer, int x, int y) {
    return (p->cells[buffer][(x >> 5) + 1][HSP_PAD + y] >> (x & 31)) & 1;
}

/// Cell (x, y) of the current generation.
static inline int hsp_cell(const hashlife_soup_plane *p, int x, int y) { return hsp_get(p, (int)(p->generation & 1), x, y); }

/// The constants of a block's lanes in `sums`.
static const uint32_t hsp_mix[HSP_BLOCK_ROWS] = {
    0x9E3779B1u, 0x85EBCA77u, 0xC2B2AE3Du, 0x27D4EB2Fu, 0x165667B1u, 0xD3A2646Du, 0xFD7046C5u, 0xB55A4F09u,
    0x8F1BBCDDu, 0xCA62C1D7u, 0x6ED9EBA1u, 0x5A827999u, 0x7FEB352Du, 0x846CA68Bu, 0x94D049BBu, 0xBF58476Du};

/// The constant of block (c, band) in `sums`.
static inline uint32_t hsp_place(int c, int band) { return (uint32_t)(2 * (band * 32 + c) + 1) * 0x2545F491u; }

/// A row's word mixed with its lane's constant and its block's `place` for `sums`: the word
/// salted by the place (so the same word elsewhere scrambles differently, whatever its bits),
/// then multiplied and shifted so that bits reach each other (a repeat the hash suggests is
/// checked cell by cell, so the hash need only be good, not perfect).
static inline uint32_t hsp_scramble(uint32_t word, uint32_t mix, uint32_t place) {
    uint32_t x = (word ^ place * mix) * mix;
    return x ^ (x >> 15);
}

/// A hash of the current generation (equal generations have equal hashes).
static inline uint64_t hsp_hash(const hashlife_soup_plane *p) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (int i = 0; i < HSP_BLOCK_ROWS; i++) h = (h ^ p->sums[p->generation & 1][i]) * 0x100000001B3ull;
    return h ^ (h >> 31);
}

/// Sets cell (x, y) of the current generation alive (`alive` 1) or dead, and has the next step
/// compute its block and the blocks around (see the file's comment).
static inline void hsp_set(hashlife_soup_plane *p, int x, int y, int alive) {
    int buffer = (int)(p->generation & 1), c = x >> 5, band = y / HSP_BLOCK_ROWS;
    uint32_t *word = &p->cells[buffer][c + 1][HSP_PAD + y], old = *word;
    if (alive) *word |= 1u << (x & 31); else *word &= ~(1u << (x & 31));
    uint32_t mix = hsp_mix[y % HSP_BLOCK_ROWS], place = hsp_place(c, band);
    p->sums[buffer][y % HSP_BLOCK_ROWS] += hsp_scramble(*word, mix, place) - hsp_scramble(old, mix, place);
    if (alive) p->occupied[buffer][band] |= 1u << c;
    uint32_t around = ((1u << c) | (1u << c) << 1 | (1u << c) >> 1) & HSP_COLUMN_MASK;
    for (int b = band > 0 ? band - 1 : 0; b <= band + 1 && b < HSP_BANDS; b++) {
        p->active[b] |= around;
        p->activeBands |= 1ull << b;
    }
    p->touched[band] |= 1u << c;
}

/// Has the next two steps compute every block near the pattern: call after setting the cells
/// of a freshly cleared plane.
static inline void hsp_start(hashlife_soup_plane *p) { p->fresh = 1; }


/// Calls `body(column, row)` for each block whose bit is set in `masks[band]` (the block's
/// first row, padding included, and its column in the cell arrays).
#define HSP_FOR_BLOCKS(masks, body)                                                                 \
    for (int band_ = 0; band_ < HSP_BANDS; band_++)                                                 \
        for (uint32_t m_ = (masks)[band_]; m_; m_ &= m_ - 1) body(__builtin_ctz(m_) + 1, HSP_PAD + band_ * HSP_BLOCK_ROWS)

#define HSP_BLOCK_BYTES (HSP_BLOCK_ROWS * 4)

/// Copies the current generation into `out`, which must be clear (as `hsp_clear_copy` leaves
/// it), block by occupied block.
static inline void hsp_copy(hashlife_soup_plane *p, hashlife_soup_cells *out) {
    const hashlife_soup_cells *from = &p->cells[p->generation & 1];
    const uint32_t *occupied = p->occupied[p->generation & 1];
#define HSP_COPY_(c, y) memcpy(&(*out)[c][y], &(*from)[c][y], HSP_BLOCK_BYTES)
    HSP_FOR_BLOCKS(occupied, HSP_COPY_);
#undef HSP_COPY_
    for (int band = 0; band < HSP_BANDS; band++) p->copied[band] |= occupied[band];
}

/// Whether the current generation equals `cells`, a copy `hsp_copy` made.
static inline int hsp_equals(const hashlife_soup_plane *p, const hashlife_soup_cells *cells) {
    const hashlife_soup_cells *from = &p->cells[p->generation & 1];
    uint32_t either[HSP_BANDS];
    for (int band = 0; band < HSP_BANDS; band++) either[band] = p->occupied[p->generation & 1][band] | p->copied[band];
    int equal = 1;
#define HSP_COMPARE_(c, y) equal &= memcmp(&(*cells)[c][y], &(*from)[c][y], HSP_BLOCK_BYTES) == 0
    HSP_FOR_BLOCKS(either, HSP_COMPARE_);
#undef HSP_COMPARE_
    return equal;
}

/// ORs the current generation into `envelope`, block by occupied block.
static inline void hsp_accumulate(hashlife_soup_plane *p, hashlife_soup_cells *envelope) {
    const hashlife_soup_cells *from = &p->cells[p->generation & 1];
    const uint32_t *occupied = p->occupied[p->generation & 1];
#define HSP_OR_(c, y)                                                                               \
    for (int i_ = 0; i_ < HSP_BLOCK_ROWS; i_++) (*envelope)[c][(y) + i_] |= (*from)[c][(y) + i_]
    HSP_FOR_BLOCKS(occupied, HSP_OR_);
#undef HSP_OR_
    for (int band = 0; band < HSP_BANDS; band++) p->enveloped[band] |= occupied[band];
}

#define HSP_CLEAR_(c, y) memset(&(*cells)[c][y], 0, HSP_BLOCK_BYTES)
/// Clears what `hsp_copy` wrote into `cells`.
static inline void hsp_clear_copy(hashlife_soup_plane *p, hashlife_soup_cells *cells) {
    HSP_FOR_BLOCKS(p->copied, HSP_CLEAR_);
    memset(p->copied, 0, sizeof p->copied);
}

/// Clears what `hsp_accumulate` wrote into `cells`.
static inline void hsp_clear_envelope(hashlife_soup_plane *p, hashlife_soup_cells *cells) {
    HSP_FOR_BLOCKS(p->enveloped, HSP_CLEAR_);
    memset(p->enveloped, 0, sizeof p->enveloped);
}
#undef HSP_CLEAR_

/// Copies the blocks of `masks` (both generations) from `from` to `to`.
static inline void hsp_copy_blocks(hashlife_soup_plane *to, const hashlife_soup_plane *from, const uint32_t *masks) {
#define HSP_BLOCK_(c, y)                                                                            \
    for (int b_ = 0; b_ < 2; b_++) memcpy(&to->cells[b_][c][y], &from->cells[b_][c][y], HSP_BLOCK_BYTES)
    HSP_FOR_BLOCKS(masks, HSP_BLOCK_);
#undef HSP_BLOCK_
}

/// Copies everything of `from` but its cells and the hashes seen into `to`.
static inline void hsp_copy_state(hashlife_soup_plane *to, const hashlife_soup_plane *from) {
    memcpy(to->active, from->active, sizeof to->active);
    memcpy(to->touched, from->touched, sizeof to->touched);
    memcpy(to->occupied, from->occupied, sizeof to->occupied);
    memcpy(to->copied, from->copied, sizeof to->copied);
    memcpy(to->enveloped, from->enveloped, sizeof to->enveloped);
    memcpy(to->sums, from->sums, sizeof to->sums);
    to->activeBands = from->activeBands;
    to->generation = from->generation;
    to->fresh = from->fresh;
}

/// Saves the plane into `saved` (its cells block by written block).
static inline void hsp_save(const hashlife_soup_plane *p, hashlife_soup_plane *saved) {
    hsp_copy_blocks(saved, p, p->touched);
    hsp_copy_state(saved, p);
}

/// Makes the plane what it was when `hsp_save` saved it into `saved` (the hashes seen since
/// are forgotten, and so are those seen before: `hsp_run` starts remembering afresh).
static inline void hsp_restore(hashlife_soup_plane *p, const hashlife_soup_plane *saved) {
    uint32_t since[HSP_BANDS];
    for (int band = 0; band < HSP_BANDS; band++) since[band] = p->touched[band] & ~saved->touched[band];
#define HSP_ZERO_(c, y) for (int b_ = 0; b_ < 2; b_++) memset(&p->cells[b_][c][y], 0, HSP_BLOCK_BYTES)
    HSP_FOR_BLOCKS(since, HSP_ZERO_);
#undef HSP_ZERO_
    hsp_copy_blocks(p, saved, saved->touched);
    hsp_copy_state(p, saved);
    p->loads++;
}

/// Cell (x, y) of `cells`.
static inline int hsp_cells_get(const hashlife_soup_cells *cells, int x, int y) {
    return ((*cells)[(x >> 5) + 1][HSP_PAD + y] >> (x & 31)) & 1;
}

static inline void hsp_cells_clear(hashlife_soup_cells *cells) { memset(cells, 0, sizeof *cells); }

/// The live cells of the current generation in the blocks of `masks` (a bit per block, as
/// `occupied`), as x | y << 16, block by block; at most `capacity` are written; returns how
/// many there are.
static inline int hsp_cells_in(const hashlife_soup_plane *p, const uint32_t *masks, uint32_t *out, int capacity) {
    int n = 0;
    const hashlife_soup_cells *cells = &p->cells[p->generation & 1];
#define HSP_LIST_(c, y0)                                                                            \
    for (int i_ = 0; i_ < HSP_BLOCK_ROWS; i_++) {                                                   \
        uint32_t w = (*cells)[c][(y0) + i_];                                                        \
        while (w) {                                                                                 \
            int x = __builtin_ctz(w);                                                               \
            w &= w - 1;                                                                             \
            if (n < capacity) out[n] = (uint32_t)(32 * ((c) - 1) + x) | (uint32_t)((y0) + i_ - HSP_PAD) << 16; \
            n++;                                                                                    \
        }                                                                                           \
    }
    HSP_FOR_BLOCKS(masks, HSP_LIST_);
#undef HSP_LIST_
    return n;
}

/// How many live cells the current generation has in the blocks the next step computes.
static inline int hsp_active_population(const hashlife_soup_plane *p) {
    int n = 0;
    const hashlife_soup_cells *cells = &p->cells[p->generation & 1];
#define HSP_COUNT_(c, y0)                                                                           \
    for (int i_ = 0; i_ < HSP_BLOCK_ROWS; i_++) n += __builtin_popcount((*cells)[c][(y0) + i_])
    HSP_FOR_BLOCKS(p->active, HSP_COUNT_);
#undef HSP_COUNT_
    return n;
}

/// The live cells of the current generation (see `hsp_cells_in`).
static inline int hsp_live_cells(const hashlife_soup_plane *p, uint32_t *out, int capacity) {
    return hsp_cells_in(p, p->occupied[p->generation & 1], out, capacity);
}

/// The live cells of the current generation in the blocks the next step computes, where
/// everything that moves or has a period above 2 is (see `hsp_cells_in`).
static inline int hsp_active_cells(const hashlife_soup_plane *p, uint32_t *out, int capacity) {
    return hsp_cells_in(p, p->active, out, capacity);
}

#ifdef HASHLIFE_LIFE_KERNELS_X86

/// 16 rows of one column.
typedef uint32_t hsp_block __attribute__((vector_size(64)));

// The AVX2 helpers pass 512-bit vectors, which the compiler warns changes their calling
// convention; they are always inlined, so no call passes one.
#pragma clang diagnostic ignored "-Wpsabi"

#define HSP_AVX512 __attribute__((target("avx512f,avx512bw"), always_inline))
#define HSP_AVX2 __attribute__((target("avx2"), always_inline))

HSP_AVX512 static inline hsp_block hsp_load512(const uint32_t *p) { return (hsp_block)_mm512_loadu_si512(p); }
/// Bit i set when lane i of `v & m` is not zero.
HSP_AVX512 static inline uint32_t hsp_test512(hsp_block v, hsp_block m) {
    return _mm512_test_epi32_mask((__m512i)v, (__m512i)m);
}

HSP_AVX2 static inline hsp_block hsp_load256(const uint32_t *p) {
    hsp_block v;
    memcpy(&v, p, sizeof v);
    return v;
}
HSP_AVX2 static inline uint32_t hsp_test256(hsp_block v, hsp_block m) {
    hsp_block zero = v ^ v;
    hsp_block t = (hsp_block)((v & m) != zero);
    __m256i lo, hi;
    memcpy(&lo, &t, 32);
    memcpy(&hi, (const char *)&t + 32, 32);
    return (uint32_t)_mm256_movemask_ps((__m256)lo) | (uint32_t)_mm256_movemask_ps((__m256)hi) << 8;
}

/// Defines `name(plane, birth, survival, life)`: one generation of the plane (see the file's
/// comment), returning the step's report (`HSP_EDGE`, changed blocks); `load` and `test` are
/// the instruction set's helpers.
#define HSP_DEFINE_STEP(name, attributes, load, test)                                                  \
    attributes static inline uint32_t name(hashlife_soup_plane *p, unsigned birth, unsigned survival,  \
                                           int life) {                                                 \
        int cur = (int)(p->generation & 1), nxt = cur ^ 1;                                             \
        const hsp_block mix = load(hsp_mix);                                                           \
        const hsp_block ones = mix - mix + 1, lowMargin = ones * ((1u << HSP_MARGIN) - 1);             \
        const hsp_block highMargin = ones * ~(~0u >> HSP_MARGIN), leftBit = ones;                      \
        const hsp_block rightBit = ones << 31;                                                         \
        uint32_t report = 0;                                                                           \
        hsp_block sums = load(p->sums[nxt]);                                                           \
        const uint32_t fresh = p->fresh ? 0xFFFFu : 0;                                                 \
        uint32_t *occupied = p->occupied[nxt];                                                         \
        uint32_t next[HSP_BANDS + 2] = {0};                                                            \
        uint64_t nextBands = 0;                                                                        \
        /* next[band + 1]: what the following step computes. */                                       \
        for (uint64_t bands = p->activeBands; bands; bands &= bands - 1) {                             \
            int band = __builtin_ctzll(bands);                                                         \
            uint32_t active = p->active[band];                                                         \
            p->active[band] = 0;                                                                       \
            p->touched[band] |= active;                                                                \
            int top = HSP_PAD + band * HSP_BLOCK_ROWS;                                                 \
            for (uint32_t m = active; m; m &= m - 1) {                                                 \
                int c = __builtin_ctz(m);                                                              \
                const uint32_t *left = &p->cells[cur][c][top], *centre = &p->cells[cur][c + 1][top];   \
                const uint32_t *right = &p->cells[cur][c + 2][top];                                    \
                hsp_block sum[3], carry[3], middle = load(centre), pairSum = middle, pairCarry = middle; \
                for (int k = 0; k < 3; k++) {                                                          \
                    hsp_block l = load(left + k - 1), r = load(right + k - 1);                         \
                    hsp_block row = k == 1 ? middle : load(centre + k - 1);                            \
                    hsp_block west = row << 1 | l >> 31, east = row >> 1 | r << 31;                    \
                    hsp_block s = west ^ east, cy = west & east;                                       \
                    if (k == 1) {                                                                      \
                        pairSum = s;                                                                   \
                        pairCarry = cy;                                                                \
                    } else {                                                                           \
                        sum[k] = s ^ row;                                                              \
                        carry[k] = cy | (s & row);                                                     \
                    }                                                                                  \
                }                                                                                      \
                hsp_block outer = sum[0] ^ sum[2], odd = outer ^ pairSum;                              \
                hsp_block oddCarry = (sum[0] & sum[2]) | (outer & pairSum);                            \
                hsp_block outerCarries = carry[0] ^ carry[2], carries = outerCarries ^ pairCarry;      \
                hsp_block fourPlus = (carry[0] & carry[2]) | (outerCarries & pairCarry);               \
                hsp_block cells;                                                                       \
                if (life) {                                                                            \
                    cells = (odd | middle) & (carries ^ oddCarry) & ~fourPlus;                         \
                } else {                                                                               \
                    hsp_block twos = carries ^ oddCarry, twosCarry = carries & oddCarry;               \
                    hsp_block fours = fourPlus ^ twosCarry, eights = fourPlus & twosCarry;             \
                    hsp_block born, survives;                                                          \
                    HASHLIFE_MATCH_COUNTS(born, birth, hsp_block, odd, twos, fours, eights);           \
                    HASHLIFE_MATCH_COUNTS(survives, survival, hsp_block, odd, twos, fours, eights);    \
                    cells = (born & ~middle) | (survives & middle);                                    \
                }                                                                                      \
                uint32_t *out = &p->cells[nxt][c + 1][top];                                            \
                hsp_block old = load(out), diff = cells ^ old;                                         \
                memcpy(out, &cells, sizeof cells);                                                     \
                /* Which rows changed, and where in the first and last column (every row and both */  \
                /* columns on the first step); no branches, which chaos would mispredict. */           \
                uint32_t lanes = test(diff, diff) | fresh, live = test(cells, cells);                  \
                uint32_t lefts = test(diff, leftBit) | fresh, rights = test(diff, rightBit) | fresh;   \
                uint32_t bit = 1u << c, west = bit >> 1, east = bit << 1;                              \
                occupied[band] = (occupied[band] & ~bit) | (bit & -(uint32_t)(live != 0));             \
                next[band + 1] |= (bit | (west & -(uint32_t)(lefts != 0)) | (east & -(uint32_t)(rights != 0))) \
                                  & -(uint32_t)(lanes != 0);                                           \
                next[band] |= (bit | (west & -(lefts & 1)) | (east & -(rights & 1))) & -(lanes & 1);   \
                next[band + 2] |= (bit | (west & -(lefts >> 15 & 1)) | (east & -(rights >> 15 & 1)))   \
                                  & -(lanes >> 15 & 1);                                                \
                report += lanes != 0;                                                                  \
                /* The hash: what the block adds now less what it added (nothing when unchanged). */  \
                hsp_block salt = mix * (ones * hsp_place(c, band));                                    \
                hsp_block x = (cells ^ salt) * mix, y = (old ^ salt) * mix;                            \
                sums += (x ^ (x >> 15)) - (y ^ (y >> 15));                                             \
                if (c == 0 || c == HSP_COLUMNS - 1 || band == 0 || band == HSP_BANDS - 1) {            \
                    uint32_t edge = 0;                                                                 \
                    if (c == 0) edge |= test(cells, lowMargin);                                        \
                    if (c == HSP_COLUMNS - 1) edge |= test(cells, highMargin);                         \
                    if (band == 0) edge |= live & ((1u << HSP_MARGIN) - 1);                            \
                    if (band == HSP_BANDS - 1) edge |= live >> (16 - HSP_MARGIN);                      \
                    if (edge) report |= HSP_EDGE;                                                      \
                }                                                                                      \
            }                                                                                          \
        }                                                                                              \
        for (int band = 0; band < HSP_BANDS; band++) {                                                 \
            uint32_t m = next[band + 1] & HSP_COLUMN_MASK;                                             \
            p->active[band] |= m;                                                                      \
            if (m) nextBands |= 1ull << band;                                                          \
        }                                                                                              \
        p->activeBands = nextBands;                                                                    \
        if (p->fresh) p->fresh--;                                                                      \
        memcpy(p->sums[nxt], &sums, sizeof sums);                                                      \
        p->generation++;                                                                               \
        return report;                                                                                 \
    }

HSP_DEFINE_STEP(hsp_step_avx512, __attribute__((target("avx512f,avx512bw"))), hsp_load512, hsp_test512)
HSP_DEFINE_STEP(hsp_step_avx2, __attribute__((target("avx2"))), hsp_load256, hsp_test256)

/// One generation with the best kernel `level` (`hashlife_life_kernels_available()`, 1 or 2)
/// names; `life` 1 for B3/S23 (birth and survival then unused).
static inline uint32_t hsp_step(hashlife_soup_plane *p, int level, unsigned birth, unsigned survival, int life) {
    if (level >= 2) return life ? hsp_step_avx512(p, 0, 0, 1) : hsp_step_avx512(p, birth, survival, 0);
    return life ? hsp_step_avx2(p, 0, 0, 1) : hsp_step_avx2(p, birth, survival, 0);
}

/// What `hsp_run` stopped at.
typedef struct {
    /// The last step's report.
    uint32_t report;
    /// A period the plane may have now: 2 when no block changed, else the distance to an
    /// earlier generation with the same hash; 0 when none was seen.
    uint32_t period;
} hsp_stop;

/// Steps at most `limit` (at least 1) generations, stopping after one that reports
/// `HSP_EDGE`, one that may repeat an earlier one (no block changed, or its hash was seen at a
/// generation with at most `quiet` changed blocks), or one with at most `few` (but some)
/// changed blocks at or after generation `look`.
static inline hsp_stop hsp_run(hashlife_soup_plane *p, int level, unsigned birth, unsigned survival, int life,
                               uint64_t limit, uint32_t quiet, uint32_t few, uint64_t look) {
    hsp_stop stop = {0, 0};
    for (uint64_t i = 0; i < limit; i++) {
        stop.report = hsp_step(p, level, birth, survival, life);
        uint32_t changed = stop.report & ~HSP_EDGE;
        if (stop.report & HSP_EDGE) break;
        if (changed == 0) {
            stop.period = 2;
            break;
        }
        if (changed > quiet) continue;
        /* A generation in turmoil changes many blocks and does not repeat: only quiet ones */
        /* are remembered. */
        uint64_t hash = hsp_hash(p);
        uint32_t generation = (uint32_t)p->generation;
        int slot = (int)(hash >> 52);
        if (p->seen[slot].load == p->loads && p->seen[slot].hash == hash) stop.period = generation - p->seen[slot].generation;
        p->seen[slot].hash = hash;
        p->seen[slot].generation = generation;
        p->seen[slot].load = p->loads;
        if (stop.period || (changed <= few && p->generation >= look)) break;
    }
    return stop;
}

#endif
#endif
