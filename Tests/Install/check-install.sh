#!/bin/bash
# Checks what `make install` put under ROOT ($(DESTDIR)$(PREFIX)): every file is there,
# the binary runs and finds its siblings, the man page and the completion scripts are lister's and parse.
# Usage: check-install.sh ROOT FILE... (the files relative to ROOT). `make test-install` runs it.
set -euo pipefail

root=$1
shift
fail() { echo "check-install: $*" >&2; exit 1; }

for file in "$@"; do
  [ -s "$root/$file" ] || fail "missing or empty: $root/$file"
done
[ -x "$root/bin/lister" ] || fail "$root/bin/lister is not executable"
[ "$(stat -c %a "$root/share/man/man1/lister.1")" = 644 ] || fail "the man page is not mode 644"

version=$("$root/bin/lister" --version)
[ -n "$version" ] || fail "lister --version printed nothing"

# The siblings that run `lister json URL` and `lister sqlite`: lister finds them in
# ../libexec/lister/ (their first checks answer, status 2), and itself links none of
# what they load.
for sibling in lister-json lister-sqlite; do
  [ -x "$root/libexec/lister/$sibling" ] || fail "$root/libexec/lister/$sibling is not executable"
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo 'plain text, not a database' >"$scratch/text"
status=0; out=$("$root/bin/lister" sqlite "$scratch/text" 2>&1 </dev/null) || status=$?
[ "$status" = 2 ] && [ "$out" = "lister: $scratch/text is not an SQLite database" ] ||
  fail "lister sqlite did not run libexec/lister/lister-sqlite (status $status): $out"
status=0; out=$("$root/bin/lister" json 'http://[bad' 2>&1 </dev/null) || status=$?
[ "$status" = 2 ] && [ "$out" = "lister: not a valid URL: http://[bad" ] ||
  fail "lister json did not run libexec/lister/lister-json (status $status): $out"
if ldd "$root/bin/lister" | grep -E 'libFoundation(Networking|Internationalization)?\.so|_FoundationICU|libcurl|libsqlite3' >&2; then
  fail "bin/lister links the libraries above: only its siblings may"
fi

manual="$root/share/man/man1/lister.1"
grep -q '^\.Dt LISTER 1' "$manual" || fail "the man page has no .Dt LISTER 1 header"
for word in json sqlite dir lines demo -log; do
  grep -q -- "$word" "$manual" || fail "the man page does not mention $word"
done
if command -v mandoc >/dev/null; then
  mandoc -T lint -W error "$manual" >/dev/null || fail "mandoc -T lint found errors in the man page"
elif command -v groff >/dev/null; then
  groff -mandoc -T utf8 "$manual" >/dev/null 2>&1 || fail "groff cannot format the man page"
fi

bash_completion="$root/share/bash-completion/completions/lister"
grep -q 'complete .*lister' "$bash_completion" || fail "the bash completion does not complete lister"
grep -q -- '--log' "$bash_completion" || fail "the bash completion does not know --log"
bash -n "$bash_completion" || fail "the bash completion does not parse"

zsh_completion="$root/share/zsh/site-functions/_lister"
[[ $(head -n 1 "$zsh_completion") == '#compdef lister'* ]] || fail "the zsh completion does not start with #compdef lister"
if command -v zsh >/dev/null; then zsh -n "$zsh_completion" || fail "the zsh completion does not parse"; fi

fish_completion="$root/share/fish/vendor_completions.d/lister.fish"
grep -q "^complete -c '\?lister'\? " "$fish_completion" || fail "the fish completion does not complete lister"
if command -v fish >/dev/null; then fish -n "$fish_completion" || fail "the fish completion does not parse"; fi

echo "check-install: lister $version, lister-json, lister-sqlite, man page and bash, zsh and fish completions in $root"
