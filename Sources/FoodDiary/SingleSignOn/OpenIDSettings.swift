import FoodDiaryWeb
import Foundation

/// The household's OpenID provider as the owner set it (`serve --oidc-issuer … --oidc-client-id …`):
/// Authelia, Authentik, Pocket ID, Keycloak, kanidm or any other that speaks OpenID Connect.
package struct OpenIDSettings: Sendable {
    /// Exactly as the provider writes it in its tokens: a trailing slash counts.
    package var issuer: String
    package var clientID: String
    /// nil for a public client, which PKCE alone protects.
    package var clientSecret: String?
    /// On the button: "Sign in with …".
    package var name: String
    /// Whether someone the provider vouches for but nobody here knows becomes a member.
    package var allowsNewMembers = false
    /// Only new members whose `groups` claim holds this one.
    package var requiredGroup: String?
    /// How long one exchange with the provider may take: it is the household's own, nearby.
    package var deadline: Duration = .seconds(10)

    package init(issuer: String, clientID: String, clientSecret: String?, name: String? = nil) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.name = name ?? URL(string: issuer)?.host ?? issuer
    }

    /// An issuer is https, or http on this machine or the home network, where a household's own
    /// provider may run without a certificate; its discovery document is under it.
    package static func problem(withIssuer issuer: String) -> String? {
        guard let url = URL(string: issuer), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            url.query == nil, url.fragment == nil
        else {
            return "“\(issuer)” is not an address, such as https://auth.example.home/application/o/fooddiary/."
        }
        if scheme == "https" || (scheme == "http" && OutboundHTTP.isInsideTheNetwork(host)) { return nil }
        return "“\(issuer)” must be https (http only for a provider on this machine or the home network)."
    }

    /// `groups` only when a group is asked for: some providers (Authelia, kanidm) refuse a scope
    /// the client was not given.
    var scope: String { requiredGroup == nil ? "openid profile email" : "openid profile email groups" }

    var discoveryURL: URL? {
        URL(string: (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration")
    }
}
