import Hummingbird
import Logging

/// Per-request state: the browser's CSRF token and, for form posts, the already-parsed fields and files.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Who is asking, set by the authentication in front of the routes; nil only on the pages
    /// open to everyone. The features read it as their own type.
    public var requester: (any Requester)?
    /// Set by `CSRFMiddleware` before any handler runs.
    public var csrfToken: String = ""
    /// Set by `FormBodyMiddleware` for url-encoded and multipart POSTs.
    public var form: FormFields?
    /// Files of a multipart POST, already on disk; see `FormBodyMiddleware`.
    public var uploads: [UploadedFile] = []
    /// Light or dark as chosen on this browser, nil to follow the device; set by `ColorSchemeMiddleware`.
    package var colorScheme: ColorScheme?

    /// The peer's IP address, for per-client limits; "unknown" where there is none (in-process tests).
    public let clientAddress: String

    public init(source: Source) {
        self.coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Whether the request came from the machine the server runs on. In-process tests have no
    /// peer at all, which only code running inside the server can arrange.
    package var isFromThisMachine: Bool { clientAddress == "unknown" || TrustedProxies.isLoopback(clientAddress) }

    /// The posted form, or an empty one for requests that sent none.
    public var formFields: FormFields { form ?? FormFields() }
}
