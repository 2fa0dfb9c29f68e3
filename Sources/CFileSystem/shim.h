// File-system calls the Swift Glibc and Darwin modules do not expose (function-like macros,
// _GNU_SOURCE-only declarations), for writing outputs that never appear half-written and for the
// in-memory files the server sends large bodies from. Swift code reaches them only through
// IAPCatalog's Platform/FileCalls.swift and Platform/MemoryFile.swift.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__)
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
int memfd_create(const char *name, unsigned int flags);

/// A file that lives in memory only (memfd_create, MFD_CLOEXEC | MFD_ALLOW_SEALING), open for
/// reading and writing. -1 with errno where the kernel has none (before 3.17, or filtered).
static inline int iapcat_memory_file(const char *name) {
    return memfd_create(name, 1u /* MFD_CLOEXEC */ | 2u /* MFD_ALLOW_SEALING */);
}

/// Seals a memory file for good: no writes, no growing or shrinking, no more seals (F_ADD_SEALS).
static inline int iapcat_seal(int descriptor) {
    return fcntl(descriptor, 1033 /* F_ADD_SEALS */,
                 1 /* F_SEAL_SEAL */ | 2 /* F_SEAL_SHRINK */ | 4 /* F_SEAL_GROW */ | 8 /* F_SEAL_WRITE */);
}

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
/// macOS has no memory files: -1 with ENOTSUP, and the caller uses an unlinked temporary file.
static inline int iapcat_memory_file(const char *name) {
    (void)name; errno = ENOTSUP; return -1;
}
static inline int iapcat_seal(int descriptor) {
    (void)descriptor; return 0;
}

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
static inline int iapcat_memory_file(const char *name) {
    (void)name; errno = ENOSYS; return -1;
}
static inline int iapcat_seal(int descriptor) {
    (void)descriptor; return 0;
}
static inline int iapcat_open_unnamed(const char *directory, unsigned int mode) {
    (void)directory; (void)mode; errno = EOPNOTSUPP; return -1;
}
static inline int iapcat_exchange(const char *first, const char *second) {
    (void)first; (void)second; errno = ENOSYS; return -1;
}
#endif
