#!/usr/bin/env bash
# Optional, for developers: a CUDA disassembler on a machine without a GPU.
#
#   scripts/get-sass-tools.sh [DIR]      (default build/sass-tools)
#
# CUDA 13's toolkit here has ptxas but neither cuobjdump nor nvdisasm. Debian
# ships both in nvidia-cuda-toolkit (CUDA 11.8, component non-free). This
# downloads that one package from Debian's archive with a private apt state
# (the system's sources and package lists are left alone), unpacks it into
# DIR and keeps only cuobjdump and nvdisasm: DIR/bin/cuobjdump. Nothing is
# installed. bench/sass_local.py uses them to show the SASS that ptxas 13
# makes of our PTX (docs/Benchmarks.md, "SASS without a GPU"). Not used by
# the build or the tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${1:-$ROOT/build/sass-tools}"
if [ -x "$DIR/bin/cuobjdump" ] && [ -x "$DIR/bin/nvdisasm" ]; then
  echo "$DIR/bin/cuobjdump"
  exit 0
fi
STATE="$(mktemp -d)"
trap 'rm -rf "$STATE"' EXIT
mkdir -p "$STATE/lists/partial" "$STATE/cache/archives/partial" "$STATE/etc"
cat > "$STATE/etc/non-free.sources" <<SOURCES
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
APT=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$STATE/etc"
     -o "Dir::State::Lists=$STATE/lists" -o "Dir::Cache=$STATE/cache"
     -o "APT::Sandbox::User=root")
apt-get "${APT[@]}" update -qq
(cd "$STATE" && apt-get "${APT[@]}" download -qq nvidia-cuda-toolkit)
mkdir -p "$STATE/x" "$DIR/bin"
dpkg-deb -x "$STATE"/nvidia-cuda-toolkit_*.deb "$STATE/x"
cp "$STATE/x/usr/bin/cuobjdump" "$STATE/x/usr/bin/nvdisasm" "$DIR/bin/"
echo "$DIR/bin/cuobjdump"
