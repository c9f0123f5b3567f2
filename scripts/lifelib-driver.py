#!/usr/bin/env python3
"""Runs one pattern in lifelib (python-lifelib) for scripts/bench-peer --lifelib.

Loads FILE (RLE or Macrocell, as lifelib reads it), advances it GEN generations (decimal
digits, or B^E such as 2^20 or 10^100) in one lifetree of --memory MB (default 256) under
--rule (default b3s23), counts the population and prints on standard output

    GEN: POPULATION
    lifelib-ms: MILLISECONDS

where the second line is lifelib's in-process time (load + advance + population), without
Python's start, the import of lifelib and its rule library, and the creation of the lifetree.
The whole process is what bench-peer times around it, as it times `hashlife run`.

It must run in a Python that has python-lifelib (bench-peer makes a throwaway virtual
environment for it); lifelib compiles its C++ for the rule with g++ on first use, which
bench-peer does once before it times anything. Exit 1 with a message on any error.
"""
import argparse, os, sys, time


def generation(text):
    """Decimal digits or B^E as an int."""
    if "^" in text:
        base, exp = text.split("^", 1)
        return int(base) ** int(exp)
    value = int(text)
    if value < 0:
        raise ValueError("negative")
    return value


def main():
    parser = argparse.ArgumentParser(prog="scripts/lifelib-driver.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("gen", metavar="GEN")
    parser.add_argument("--rule", default="b3s23", help="lifelib rule name (default b3s23)")
    parser.add_argument("--memory", type=int, default=256, help="lifetree memory in MB (default 256)")
    args = parser.parse_args()
    try:
        gens = generation(args.gen)
    except ValueError:
        print(f"lifelib-driver: bad generation {args.gen!r} (digits or B^E)", file=sys.stderr)
        return 1
    if not os.path.isfile(args.file):
        print(f"lifelib-driver: {args.file}: no such file", file=sys.stderr)
        return 1
    import lifelib
    session = lifelib.load_rules(args.rule)
    tree = session.lifetree(memory=args.memory)
    start = time.perf_counter()
    pattern = tree.load(args.file)
    if gens:
        pattern = pattern.advance(gens)
    population = pattern.population
    elapsed = time.perf_counter() - start
    print(f"{gens}: {population}")
    print(f"lifelib-ms: {elapsed * 1000:.3f}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
