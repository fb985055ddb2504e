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
    /// Connected, but the answer did not come in time.
    FD_HTTP_TIMED_OUT = 2,
    /// No connection: refused, no route, no such name, or none made in time.
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
/// `refuse_inside_network`: every address libcurl would connect to, after its own name lookup,
/// must be public (see `fd_is_inside_network`): a name that resolves inside the network, or is
/// made to between a check and the connection, is refused before any socket is opened.
void fd_http_exchange(const char *url, const char *method, const char *const *headers, size_t header_count,
                      const char *body, size_t body_length, long timeout_ms, size_t max_bytes, int refuse_inside_network,
                      fd_http_result *result);

/// Whether a numeric IPv4 or IPv6 address is not a public one: loopback, private (RFC 1918,
/// carrier-grade NAT, unique local), link-local, site-local, unspecified, reserved, multicast, or
/// an IPv6 way to an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo; a mapped one is read as
/// its IPv4 address). IPv4 in the forms the resolver reads ("127.1", "2130706433") counts.
/// -1 when `address` is not a numeric address.
int fd_is_inside_network(const char *address);

void fd_http_result_free(fd_http_result *result);

#endif
