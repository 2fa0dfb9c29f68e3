// File-system calls the Swift Glibc and Darwin modules do not expose (function-like macros,
// _GNU_SOURCE-only declarations), for writing outputs that never appear half-written. Swift code
// reaches them only through IAPCatalog's Platform/FileCalls.swift.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__)
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/// An unnamed file in `directory` (O_TMPFILE): it has no name until linked, so a process killed
/// while writing it leaves nothing behind. -1 with errno when the file system cannot do it.
static inline int iapcat_open_unnamed(const char *directory, unsigned int mode) {
    return open(directory, 020000000 /* __O_TMPFILE */ | O_DIRECTORY | O_WRONLY | O_CLOEXEC, mode);
}

/// Swaps two paths in one step (renameat2 RENAME_EXCHANGE). -1 with errno when unsupported.
static inline int iapcat_exchange(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */);
}
#elif defined(__APPLE__)
/// macOS has no unnamed files: always -1 with ENOTSUP, and the caller uses a hidden temporary.
static inline int iapcat_open_unnamed(const char *directory, unsigned int mode) {
    (void)directory; (void)mode; errno = ENOTSUP; return -1;
}

/// Swaps two paths in one step (renamex_np RENAME_SWAP, macOS 10.12). -1 with errno (ENOTSUP
/// where the file system cannot) when unsupported.
static inline int iapcat_exchange(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}
#else
static inline int iapcat_open_unnamed(const char *directory, unsigned int mode) {
    (void)directory; (void)mode; errno = EOPNOTSUPP; return -1;
}
static inline int iapcat_exchange(const char *first, const char *second) {
    (void)first; (void)second; errno = ENOSYS; return -1;
}
#endif
