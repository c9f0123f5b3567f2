// Processor hints for the engine, which Swift has no words for: a cache prefetch for the node
// store and a spin-wait pause for the worker pool. Header only:
// Swift imports the static inline function and inlines it; nothing is linked.
#ifndef HASHLIFE_PREFETCH_H
#define HASHLIFE_PREFETCH_H

/// Asks the processor to bring the cache line holding `address` closer, for reading. A hint:
/// it never faults and changes no value.
static inline void hashlife_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Tells the processor this thread is spinning on a value another thread will change (x86's
/// `pause`, ARM's `yield`): it saves power and frees the core's resources for the other
/// hardware thread. A hint: it changes no value.
static inline void hashlife_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#endif
