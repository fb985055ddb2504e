import Hummingbird
import Logging

/// Per-request state: the browser's CSRF token and, for form posts, the already-parsed fields.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `CSRFMiddleware` before any handler runs.
    public var csrfToken: String = ""
    /// Set by `CSRFMiddleware` for url-encoded POSTs, which it must read to check the token.
    public var form: FormFields?

    public init(source: Source) {
        self.coreContext = .init(source: source)
    }

    /// Form posts are small; anything larger is refused before it is read.
    public var maxUploadSize: Int { 1 << 20 }

    /// The posted form, or an empty one for requests that sent none.
    public var formFields: FormFields { form ?? FormFields() }
}
