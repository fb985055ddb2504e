#include "http_shim.h"

#include <arpa/inet.h>
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

static int inside_v4(const unsigned char *a) {
    return a[0] == 0 || a[0] == 10 || a[0] == 127 || (a[0] == 100 && (a[1] & 0xC0) == 64) || (a[0] == 169 && a[1] == 254)
        || (a[0] == 172 && (a[1] & 0xF0) == 16) || (a[0] == 192 && a[1] == 168);
}

int fd_is_inside_network(const char *address) {
    unsigned char bytes[16];
    if (inet_pton(AF_INET, address, bytes) == 1) return inside_v4(bytes);
    if (inet_pton(AF_INET6, address, bytes) != 1) return -1;
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
    if (memcmp(bytes, mapped, 12) == 0) return inside_v4(bytes + 12);
    int zero_prefix = 1;
    for (int index = 0; index < 15; index++) if (bytes[index]) zero_prefix = 0;
    if (zero_prefix && (bytes[15] == 0 || bytes[15] == 1)) return 1;  // :: and ::1
    return (bytes[0] & 0xFE) == 0xFC || (bytes[0] == 0xFE && (bytes[1] & 0xC0) == 0x80);  // fc00::/7, fe80::/10
}

/// Called once a connection is made, before the request goes out on it.
static int on_connected(void *context, char *primary_ip, char *local_ip, int primary_port, int local_port) {
    (void)local_ip; (void)primary_port; (void)local_port;
    transfer *state = context;
    if (fd_is_inside_network(primary_ip) != 0) {
        state->result->outcome = FD_HTTP_INSIDE_NETWORK;
        return CURL_PREREQFUNC_ABORT;
    }
    return CURL_PREREQFUNC_OK;
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
    transfer state = {result, max_bytes, 0};
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
        curl_easy_setopt(curl, CURLOPT_PREREQFUNCTION, on_connected);
        curl_easy_setopt(curl, CURLOPT_PREREQDATA, &state);
        // A proxy from the environment would be the address checked, not the page's.
        curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
    }
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    if (result->outcome != FD_HTTP_TOO_LARGE && result->outcome != FD_HTTP_INSIDE_NETWORK) {
        if (code == CURLE_OPERATION_TIMEDOUT) result->outcome = FD_HTTP_TIMED_OUT;
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
