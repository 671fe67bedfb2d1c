#!/bin/sh
# Prints the rows of FuzzyFold.bases (Sources/Lister/Filter/FuzzyFold.swift) as fzf folds:
# for each ASCII letter, the scalars of U+00C0...U+2184 that `fzf +i -f LETTER` finds.
# Usage: Benchmarks/tools/fold-table.sh [path to fzf 0.74.5]
set -eu
fzf=${1:-.build-peer/venv/bin/fzf}
scalars=$(mktemp)
trap 'rm -f "$scalars"' EXIT
python3 -c 'for c in range(0xC0, 0x2185): print(chr(c))' > "$scalars"
for letter in a b c d e f g h i j k l m n o p q r s t u v w x y z A B C D E F G H I J K L M N O P Q R S T U V W X Y Z; do
    "$fzf" +i -f "$letter" < "$scalars" | python3 -c '
import sys
codes = ["0x%04X" % ord(line.rstrip("\n")) for line in sys.stdin]
if codes:
    print("        (\"%s\", [%s])," % (sys.argv[1], ", ".join(codes)))' "$letter"
done
