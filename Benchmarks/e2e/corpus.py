"""The benchmark input: the same bytes as Benchmarks/InProcess/Corpus.swift generates.

Line n is ``item nnnnnnn`` followed by words until it is at least 56 characters long,
cut at 62 characters, and a newline (about 60 bytes a line). Words come from a 64-bit
linear congruential generator seeded with 42, so every run, and both languages, produce
the same file; the FNV-1a hash printed with the results lets them be compared.
"""
import json
import os
import re

WORDS = [
    "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit",
    "sed", "do", "eiusmod", "tempor", "incididunt", "ut", "labore", "et",
    "dolore", "magna", "aliqua", "enim", "ad", "minim", "veniam", "quis",
    "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip", "ex", "commodo",
]

MASK = (1 << 64) - 1


def lines(count):
    """Yields the lines (without newline) of a corpus of `count` lines."""
    state = 42
    for number in range(1, count + 1):
        line = "item %07d" % number
        while len(line) < 56:
            state = (state * 6364136223846793005 + 1442695040888963407) & MASK
            line += " " + WORDS[(state >> 33) % len(WORDS)]
        yield line[:62]


def fnv1a(data, hash_=0xCBF29CE484222325):
    """64-bit FNV-1a of `data`, continuing from `hash_`."""
    for byte in data:
        hash_ = ((hash_ ^ byte) * 0x100000001B3) & MASK
    return hash_


def ensure_file(path, count):
    """Writes the corpus to `path` unless a complete one is there. Returns its first and
    last lines."""
    first = last = None
    if os.path.exists(path) and os.path.exists(path + ".fnv1a"):
        with open(path, "rb") as f:
            data = f.read()
        if data.count(b"\n") == count:
            all_lines = data.split(b"\n")
            return all_lines[0].decode(), all_lines[count - 1].decode()
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    hash_ = 0xCBF29CE484222325
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        for line in lines(count):
            first = first or line
            last = line
            f.write(line + "\n")
            hash_ = fnv1a((line + "\n").encode(), hash_)
    os.replace(tmp, path)
    with open(path + ".fnv1a", "w") as f:
        f.write("%016x\n" % hash_)
    return first, last


def recorded_hash(path):
    """The FNV-1a hash written beside the file when it was generated."""
    try:
        with open(path + ".fnv1a") as f:
            return f.read().strip()
    except OSError:
        return None


def fuzzy_counts(path, query):
    """For each prefix of `query`: the lines it matches as fzf's fuzzy matching does
    (characters in order, case ignored for a lowercase query; spaces separate terms).
    Kept beside the file, since counting takes a few seconds."""
    cache = "%s.fuzzy-%s.json" % (path, re.sub(r"[^a-z0-9]+", "_", query))
    if os.path.exists(cache):
        with open(cache) as f:
            return json.load(f)
    with open(path, "rb") as f:
        lines = f.read().lower().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    counts = []
    for end in range(1, len(query) + 1):
        terms = query[:end].split()
        if not terms:
            counts.append(len(lines))
            continue
        patterns = [re.compile(b".*?".join(re.escape(bytes([c])) for c in term.encode())) for term in terms]
        counts.append(sum(1 for line in lines if all(p.search(line) for p in patterns)))
    with open(cache, "w") as f:
        json.dump(counts, f)
    return counts
