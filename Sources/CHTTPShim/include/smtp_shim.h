// One mail handed to an SMTP server through libcurl, never in the clear: smtp:// must upgrade with
// STARTTLS (libcurl gives up if the server does not offer it), smtps:// speaks TLS from the first
// byte, and the server's certificate is checked against the system's authorities or `ca_file`.
#ifndef FOODDIARY_SMTP_SHIM_H
#define FOODDIARY_SMTP_SHIM_H

#include <stddef.h>

typedef enum {
    FD_SMTP_SENT = 0,
    /// No connection: refused, no route, no such name.
    FD_SMTP_UNREACHABLE = 1,
    /// No TLS: not offered, or a certificate that did not check out.
    FD_SMTP_NO_TLS = 2,
    /// The user name and password were refused.
    FD_SMTP_SIGN_IN_REFUSED = 3,
    FD_SMTP_TIMED_OUT = 4,
    /// The server refused the sender, a recipient or the message (`response_code` says which).
    FD_SMTP_REFUSED = 5,
} fd_smtp_outcome;

typedef struct {
    fd_smtp_outcome outcome;
    /// The server's last reply code, e.g. 550; 0 when none.
    long response_code;
} fd_smtp_result;

/// Blocks its thread for up to `timeout_ms`. `user` may be NULL (no sign-in); `ca_file` NULL for
/// the system's authorities. `message` is the whole mail, headers and body, CRLF line ends.
void fd_smtp_send(const char *url, const char *user, const char *password, const char *ca_file, const char *from,
                  const char *recipient, const char *message, size_t message_length, long timeout_ms, fd_smtp_result *result);

#endif
