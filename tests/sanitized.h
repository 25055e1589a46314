/* SANITIZED: 1 in a build under AddressSanitizer or ThreadSanitizer (gcc or clang). Their
 * code runs several times slower, so the tests that measure latencies allow more there. */
#pragma once

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif
