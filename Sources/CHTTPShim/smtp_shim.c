#include "smtp_shim.h"

#include <pthread.h>
#include <string.h>

#include <curl/curl.h>

static pthread_once_t smtp_init_once = PTHREAD_ONCE_INIT;

static void smtp_init_curl(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

typedef struct {
    const char *data;
    size_t left;
} upload;

static size_t on_read(char *buffer, size_t size, size_t count, void *context) {
    upload *state = context;
    size_t length = size * count < state->left ? size * count : state->left;
    memcpy(buffer, state->data, length);
    state->data += length;
    state->left -= length;
    return length;
}

void fd_smtp_send(const char *url, const char *user, const char *password, const char *ca_file, const char *from,
                  const char *recipient, const char *message, size_t message_length, long timeout_ms, fd_smtp_result *result) {
    pthread_once(&smtp_init_once, smtp_init_curl);
    memset(result, 0, sizeof(*result));
    CURL *curl = curl_easy_init();
    if (!curl) {
        result->outcome = FD_SMTP_UNREACHABLE;
        return;
    }
    upload state = {message, message_length};
    struct curl_slist *recipients = curl_slist_append(NULL, recipient);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    // STARTTLS or nothing on smtp://; libcurl fails rather than sending a password in the clear.
    curl_easy_setopt(curl, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
    if (ca_file) curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file);
    if (user) {
        curl_easy_setopt(curl, CURLOPT_USERNAME, user);
        curl_easy_setopt(curl, CURLOPT_PASSWORD, password ? password : "");
    }
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from);
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, on_read);
    curl_easy_setopt(curl, CURLOPT_READDATA, &state);
    curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)message_length);
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->response_code);
    switch (code) {
    case CURLE_OK: result->outcome = FD_SMTP_SENT; break;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT: result->outcome = FD_SMTP_UNREACHABLE; break;
    case CURLE_OPERATION_TIMEDOUT: result->outcome = FD_SMTP_TIMED_OUT; break;
    case CURLE_LOGIN_DENIED: result->outcome = FD_SMTP_SIGN_IN_REFUSED; break;
    case CURLE_USE_SSL_FAILED:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE: result->outcome = FD_SMTP_NO_TLS; break;
    default: result->outcome = result->response_code >= 400 ? FD_SMTP_REFUSED : FD_SMTP_UNREACHABLE; break;
    }
    curl_slist_free_all(recipients);
    curl_easy_cleanup(curl);
}
