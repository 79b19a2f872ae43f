#!/bin/bash
# The CPU .deb as a new user meets it, in a brand-new Debian 12 root. Run from the project root:
#   ../shared/tools/fresh-debian.sh 'bash packaging/check-deb.sh'
# Inside the fresh root this builds the packages (scripts/install-deps.sh, the dev preset without
# tests), then removes every package the build brought in, so that `apt install ./inferscope_*.deb`
# must pull the runtime libraries from the package's own Depends, and runs the installed programs:
# inferscope-cli devices, the manual page, the GUI's --screenshot of an H200 session (a PNG of a
# real size) and of a broken file (exit 1 with the reason), and validates the installed desktop
# entry and AppStream metainfo. Every step prints what it checks; the first failure stops it.
set -euo pipefail
step() { echo; echo "== $*"; }
fail() { echo "check-deb: FAILED: $*" >&2; exit 1; }

step "build the packages"
dpkg-query -W -f='${Package}\n' | sort >/tmp/packages-before
./scripts/install-deps.sh
cmake --preset dev -DINFERSCOPE_BUILD_TESTS=OFF -DINFERSCOPE_BUILD_BENCH=OFF >/tmp/configure.log
cmake --build build --target package
deb=$(ls build/inferscope_*.deb | head -1)
[ -f "$deb" ] || fail "no .deb in build/"
dpkg-deb --info "$deb" | grep -E "Package|Version|Depends|Recommends"
cp "$deb" /tmp/ && deb=/tmp/$(basename "$deb")

step "remove what the build installed"
dpkg-query -W -f='${Package}\n' | sort >/tmp/packages-after
comm -13 /tmp/packages-before /tmp/packages-after >/tmp/packages-added
echo "$(wc -l </tmp/packages-added) packages to remove"
xargs -a /tmp/packages-added apt-get purge -y -q >/tmp/purge.log 2>&1 || fail "purge (see /tmp/purge.log)"
apt-get autoremove -y -q --purge >/dev/null
[ ! -e /usr/lib/x86_64-linux-gnu/libtorch.so ] || fail "LibTorch still installed after the purge"

step "apt install $deb"
apt-get install -y -q "$deb" | tail -3
command -v inferscope-cli >/dev/null || fail "inferscope-cli not on PATH"
command -v inferscope >/dev/null || fail "inferscope not on PATH"

step "inferscope-cli devices"
inferscope-cli devices | tee /tmp/devices.txt
grep -q "^cpu" /tmp/devices.txt || fail "no CPU listed"
inferscope-cli --version
[ -f /usr/share/man/man1/inferscope-cli.1.gz ] || fail "no manual page"
zcat /usr/share/man/man1/inferscope-cli.1.gz | grep -q "^.SH EXIT STATUS" || fail "manual page has no EXIT STATUS"

step "inferscope --screenshot of an H200 session (offscreen)"
inferscope --screenshot /tmp/shot.png --size 1280x720 --open tests/fixtures/h200_resnet50_b32.inferscope.json
size=$(stat -c %s /tmp/shot.png)
echo "PNG: $size bytes"
[ "$size" -gt 50000 ] || fail "screenshot of $size bytes: too small to be the window"
printf '' >/tmp/empty.inferscope.json
if inferscope --screenshot /tmp/bad.png --open /tmp/empty.inferscope.json 2>/tmp/bad.txt; then fail "a broken file gave exit 0"; fi
cat /tmp/bad.txt
grep -q "empty.inferscope.json" /tmp/bad.txt || fail "--screenshot of a broken file did not say why"

step "desktop entry and metainfo"
apt-get install -y -q desktop-file-utils appstream >/dev/null
desktop-file-validate /usr/share/applications/io.github.inferscope.InferScope.desktop
appstreamcli validate --no-net /usr/share/metainfo/io.github.inferscope.InferScope.metainfo.xml
echo; echo "check-deb: all checks passed"
