// A cache prefetch hint for the node store (Swift has no prefetch of its own). Header only:
// Swift imports the static inline function and inlines it; nothing is linked.
#ifndef HASHLIFE_PREFETCH_H
#define HASHLIFE_PREFETCH_H

/// Asks the processor to bring the cache line holding `address` closer, for reading. A hint:
/// it never faults and changes no value.
static inline void hashlife_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
