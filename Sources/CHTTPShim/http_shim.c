#include "http_shim.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_curl(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

typedef struct {
    fd_http_result *result;
    size_t max_bytes;
    size_t capacity;
    /// An address the name resolved to was inside the network.
    int refused_inside;
} transfer;

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    transfer *state = context;
    size_t length = size * count;
    fd_http_result *result = state->result;
    if (result->body_length + length > state->max_bytes) {
        result->outcome = FD_HTTP_TOO_LARGE;
        return 0;  // anything but `length` makes libcurl stop the transfer
    }
    if (result->body_length + length > state->capacity) {
        size_t capacity = state->capacity ? state->capacity * 2 : 65536;
        while (capacity < result->body_length + length) capacity *= 2;
        if (capacity > state->max_bytes) capacity = state->max_bytes;
        char *grown = realloc(result->body, capacity);
        if (!grown) return 0;
        result->body = grown;
        state->capacity = capacity;
    }
    memcpy(result->body + result->body_length, data, length);
    result->body_length += length;
    return length;
}

/// Copies the value of header `name` when `line` is that header.
static void copy_header(const char *line, size_t length, const char *name, char *out, size_t size) {
    size_t name_length = strlen(name);
    if (length <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':') return;
    const char *value = line + name_length + 1;
    const char *end = line + length;
    while (value < end && isspace((unsigned char)*value)) value++;
    while (end > value && isspace((unsigned char)end[-1])) end--;
    size_t copied = (size_t)(end - value) < size - 1 ? (size_t)(end - value) : size - 1;
    memcpy(out, value, copied);
    out[copied] = '\0';
}

/// Loopback, private, shared (carrier-grade NAT), link-local, reserved, multicast, broadcast,
/// benchmarking and "this network" IPv4 ranges: nothing a public page lives at.
static int inside_v4(const unsigned char *a) {
    return a[0] == 0 || a[0] == 10 || a[0] == 127 || (a[0] == 100 && (a[1] & 0xC0) == 64) || (a[0] == 169 && a[1] == 254)
        || (a[0] == 172 && (a[1] & 0xF0) == 16) || (a[0] == 192 && a[1] == 168) || (a[0] == 192 && a[1] == 0 && a[2] == 0)
        || (a[0] == 198 && (a[1] & 0xFE) == 18) || a[0] >= 224;
}

static int inside_v6(const unsigned char *a) {
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
    static const unsigned char nat64[12] = {0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0};
    if (memcmp(a, mapped, 12) == 0) return inside_v4(a + 12);
    // ::/96 holds ::, ::1 and the IPv4-compatible ::a.b.c.d, which some stacks still route as IPv4.
    int zero_prefix = 1;
    for (int index = 0; index < 12; index++) if (a[index]) zero_prefix = 0;
    if (zero_prefix) return 1;
    // NAT64 (64:ff9b::/96 and the local 64:ff9b:1::/48) and 6to4 (2002::/16) reach IPv4 addresses
    // a gateway chooses, internal ones among them; Teredo (2001::/32) tunnels to one.
    if (memcmp(a, nat64, 12) == 0 || memcmp(a, nat64, 4) == 0 || (a[0] == 0x20 && a[1] == 0x02)) return 1;
    if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0 && a[3] == 0) return 1;
    // fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast.
    return (a[0] & 0xFE) == 0xFC || (a[0] == 0xFE && (a[1] & 0x80) == 0x80) || a[0] == 0xFF;
}

int fd_is_inside_network(const char *address) {
    unsigned char bytes[16];
    struct in_addr legacy;
    if (inet_pton(AF_INET, address, bytes) == 1) return inside_v4(bytes);
    if (inet_pton(AF_INET6, address, bytes) == 1) return inside_v6(bytes);
    // "127.1", "2130706433", "0x7f.1", "0177.0.0.1": the forms the resolver still reads as IPv4.
    if (inet_aton(address, &legacy) == 1) return inside_v4((const unsigned char *)&legacy.s_addr);
    return -1;
}

/// Called with each address libcurl resolved, before a socket for it exists: an address inside
/// the network is refused here, so no connection is ever opened to it and an open port and a
/// closed one look the same.
static curl_socket_t on_open_socket(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    transfer *state = context;
    int inside = 1;
    if (purpose == CURLSOCKTYPE_IPCXN && address->family == AF_INET) {
        inside = inside_v4((const unsigned char *)&((struct sockaddr_in *)&address->addr)->sin_addr);
    } else if (purpose == CURLSOCKTYPE_IPCXN && address->family == AF_INET6) {
        inside = inside_v6(((struct sockaddr_in6 *)&address->addr)->sin6_addr.s6_addr);
    }
    if (inside) {
        state->refused_inside = 1;
        return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype, address->protocol);
}

static size_t on_header(char *line, size_t size, size_t count, void *context) {
    transfer *state = context;
    size_t length = size * count;
    // A fresh status line (a 100 Continue before the answer) starts the headers again.
    if (length > 5 && strncmp(line, "HTTP/", 5) == 0) {
        state->result->location[0] = '\0';
        state->result->retry_after[0] = '\0';
    }
    copy_header(line, length, "Location", state->result->location, sizeof state->result->location);
    copy_header(line, length, "Retry-After", state->result->retry_after, sizeof state->result->retry_after);
    char declared[32] = "";
    copy_header(line, length, "Content-Length", declared, sizeof declared);
    if (declared[0] && strtoull(declared, NULL, 10) > state->max_bytes) {
        state->result->outcome = FD_HTTP_TOO_LARGE;
        return 0;
    }
    return length;
}

void fd_http_exchange(const char *url, const char *method, const char *const *headers, size_t header_count,
                      const char *body, size_t body_length, long timeout_ms, size_t max_bytes, int refuse_inside_network,
                      fd_http_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&init_once, init_curl);
    CURL *curl = curl_easy_init();
    if (!curl) {
        result->outcome = FD_HTTP_UNREACHABLE;
        return;
    }
    transfer state = {result, max_bytes, 0, 0};
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) list = curl_slist_append(list, headers[index]);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    if (body) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
    }
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &state);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &state);
    if (refuse_inside_network) {
        curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, on_open_socket);
        curl_easy_setopt(curl, CURLOPT_OPENSOCKETDATA, &state);
        // A proxy from the environment would be the address checked, not the page's.
        curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
    }
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    // A name that resolves inside the network anywhere is refused, even when another of its
    // addresses answered: which one libcurl tries first is not the person's to choose.
    if (state.refused_inside) result->outcome = FD_HTTP_INSIDE_NETWORK;
    else if (result->outcome != FD_HTTP_TOO_LARGE) {
        // Out of time before a connection was made is out of reach; after it, a slow answer.
        curl_off_t connected_us = 0;
        curl_easy_getinfo(curl, CURLINFO_CONNECT_TIME_T, &connected_us);
        if (code == CURLE_OPERATION_TIMEDOUT) result->outcome = connected_us > 0 ? FD_HTTP_TIMED_OUT : FD_HTTP_UNREACHABLE;
        else if (code != CURLE_OK) result->outcome = FD_HTTP_UNREACHABLE;
    }
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
}

void fd_http_result_free(fd_http_result *result) {
    free(result->body);
    result->body = NULL;
    result->body_length = 0;
}
