"""The licence and notice files that must ship with the game, and a check that they do.

The paths are relative to :func:`game.support.resources.bundle_root`: the source tree, or the
built app's folder (``build.spec`` bundles ``LICENSE``, ``THIRD_PARTY_NOTICES.md`` and
``licenses/``; the DejaVu licence comes with ``assets/``).
"""

from __future__ import annotations

from pathlib import Path

from game.support.resources import missing_files

REQUIRED_NOTICES: tuple[str, ...] = (
    "LICENSE",
    "THIRD_PARTY_NOTICES.md",
    "assets/fonts/LICENSE-DejaVu.txt",
    "assets/fonts/LICENSE-NotoSansCJK.txt",
    "licenses/Babel.txt",
    "licenses/Unicode-3.0.txt",
    "licenses/Apache-2.0.txt",
    "licenses/CC0-1.0.txt",
    "licenses/GPL-2.0.txt",
    "licenses/LGPL-2.0.txt",
    "licenses/LGPL-2.1.txt",
    "licenses/PyInstaller.txt",
    "licenses/Python.txt",
    "licenses/fsrs.txt",
    "licenses/libraries/FLAC.txt",
    "licenses/libraries/SDL2.txt",
    "licenses/libraries/SDL2_gfx.txt",
    "licenses/libraries/SDL2_image.txt",
    "licenses/libraries/SDL2_mixer.txt",
    "licenses/libraries/SDL2_ttf.txt",
    "licenses/libraries/alsa-lib.txt",
    "licenses/libraries/brotli.txt",
    "licenses/libraries/bzip2.txt",
    "licenses/libraries/fluidsynth.txt",
    "licenses/libraries/freetype.txt",
    "licenses/libraries/gcc-runtime.txt",
    "licenses/libraries/harfbuzz.txt",
    "licenses/libraries/libffi.txt",
    "licenses/libraries/libjpeg-turbo.txt",
    "licenses/libraries/libogg.txt",
    "licenses/libraries/libpng.txt",
    "licenses/libraries/libsndfile.txt",
    "licenses/libraries/libtiff.txt",
    "licenses/libraries/libvorbis.txt",
    "licenses/libraries/libwebp.txt",
    "licenses/libraries/libxmp.txt",
    "licenses/libraries/mpg123.txt",
    "licenses/libraries/opus.txt",
    "licenses/libraries/opusfile.txt",
    "licenses/libraries/portmidi.txt",
    "licenses/libraries/wavpack.txt",
    "licenses/libraries/xz.txt",
    "licenses/libraries/zlib.txt",
    "licenses/numpy/LICENSE.txt",
    "licenses/numpy/numpy/_core/include/numpy/libdivide/LICENSE.txt",
    "licenses/numpy/numpy/_core/src/common/pythoncapi-compat/COPYING",
    "licenses/numpy/numpy/_core/src/highway/LICENSE",
    "licenses/numpy/numpy/_core/src/multiarray/dragon4_LICENSE.txt",
    "licenses/numpy/numpy/_core/src/npysort/x86-simd-sort/LICENSE.md",
    "licenses/numpy/numpy/_core/src/umath/svml/LICENSE",
    "licenses/numpy/numpy/fft/pocketfft/LICENSE.md",
    "licenses/numpy/numpy/linalg/lapack_lite/LICENSE.txt",
    "licenses/numpy/numpy/ma/LICENSE",
    "licenses/numpy/numpy/random/LICENSE.md",
    "licenses/numpy/numpy/random/src/distributions/LICENSE.md",
    "licenses/numpy/numpy/random/src/mt19937/LICENSE.md",
    "licenses/numpy/numpy/random/src/pcg64/LICENSE.md",
    "licenses/numpy/numpy/random/src/philox/LICENSE.md",
    "licenses/numpy/numpy/random/src/sfc64/LICENSE.md",
    "licenses/numpy/numpy/random/src/splitmix64/LICENSE.md",
    "licenses/platformdirs.txt",
    "licenses/typing_extensions.txt",
)
"""Every notice file the game must carry, relative to the bundle root ("/"-separated)."""


def missing_notices(root: Path | None = None) -> list[str]:
    """The required notice files that are absent or empty under ``root`` (default: the bundle)."""
    return missing_files(root, REQUIRED_NOTICES)
