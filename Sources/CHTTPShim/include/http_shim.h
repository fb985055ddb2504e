// One HTTP exchange through libcurl, bounded while it happens: the answer is counted as it
// arrives and the transfer stops the moment it passes `max_bytes`; redirects are never followed
// here (the caller decides); the whole exchange ends at `timeout_ms`. FoundationNetworking hands
// every received chunk to a queue without waiting, so a fast answer piles up in memory before any
// limit of ours can act; a write callback that returns 0 stops libcurl itself.
#ifndef FOODDIARY_HTTP_SHIM_H
#define FOODDIARY_HTTP_SHIM_H

#include <stddef.h>

typedef enum {
    FD_HTTP_OK = 0,
    FD_HTTP_TOO_LARGE = 1,
    FD_HTTP_TIMED_OUT = 2,
    FD_HTTP_UNREACHABLE = 3,
    /// The connection's address was inside the network and `refuse_inside_network` was set.
    FD_HTTP_INSIDE_NETWORK = 4,
} fd_http_outcome;

typedef struct {
    fd_http_outcome outcome;
    long status;
    /// The answer's bytes (malloc'd; free with fd_http_result_free), NULL when none.
    char *body;
    size_t body_length;
    /// The `Location` and `Retry-After` headers, or "".
    char location[2048];
    char retry_after[32];
} fd_http_result;

/// Blocks its thread for up to `timeout_ms`. `headers` are "Name: value" lines; `body` may be NULL.
/// `refuse_inside_network`: the address libcurl actually connects to, after its own name lookup,
/// must not be loopback, private or link-local: a name that resolves there, or is made to
/// between a check and the connection, is refused before anything is sent.
void fd_http_exchange(const char *url, const char *method, const char *const *headers, size_t header_count,
                      const char *body, size_t body_length, long timeout_ms, size_t max_bytes, int refuse_inside_network,
                      fd_http_result *result);

/// Whether a numeric IPv4 or IPv6 address is loopback, private (RFC 1918, carrier-grade NAT,
/// unique local), link-local or unspecified; an IPv4-mapped IPv6 address is read as its IPv4 one.
/// -1 when `address` is not a numeric address.
int fd_is_inside_network(const char *address);

void fd_http_result_free(fd_http_result *result);

#endif
