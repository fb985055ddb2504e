import FoodDiary
import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// Everything `serve` and the tests need to build the application.
public struct AppConfig: Sendable {
    public var host: String
    public var port: Int
    /// Holds `diary.sqlite` and, later, photos and the catalog.
    public var dataDirectory: String
    public var templatesDirectory: String
    /// The `.po` catalogues of the languages besides English.
    public var languagesDirectory: String
    /// Offers the pseudo-language (`en-XA`) the tests read pages in, to show a word not translated.
    public var offersPseudoLanguage = false
    public var publicDirectory: String
    /// USDA SR28 text files to build the catalog from on first start; nil to never import.
    public var sr28Directory: String?
    /// The folder holding `generic-foods.csv`, FoodData Central's survey (FNDDS) and Foundation foods,
    /// added to the catalog on the first start that finds it; nil to do without.
    public var fdcDirectory: String?
    /// The folder holding GeoNames' `rg_cities1000.csv`, imported on first start; nil to never import.
    public var geonamesDirectory: String?
    /// The wall clock's time zone, used for "now" and for offsets a browser did not send.
    public var timeZone: TimeZone
    /// Largest request body accepted, photo included; larger ones get 413 as soon as they pass it.
    public var maxUploadBytes: Int
    /// Largest photo accepted, in pixels, read from the header before anything is decoded.
    public var maxPhotoPixels: Int
    /// Names the server answers to besides loopback, its bound address and this machine's names and
    /// addresses (`--allowed-hosts`); a request for any other name is refused (DNS rebinding).
    public var allowedHosts: [String] = []
    /// How long a slow client may take over each part of a request.
    public var deadlines = ConnectionDeadlines()
    /// Bytes of uploads being received at once, in all and from one address.
    public var maxUploadBytesInFlight = 256_000_000
    public var maxUploadBytesInFlightPerClient = 128_000_000
    /// Largest file an import takes (a phone's health export), with its own budget: see `LargeUploads`.
    public var maxImportBytes = 4_000_000_000
    /// How long a sign-in lasts without use, and at most.
    public var sessionLifetime = SessionLifetime()
    /// A reverse proxy's header naming the signed-in person (`--trusted-proxy-header Remote-User`),
    /// believed only from `trustedProxies`.
    public var trustedProxyHeader: String?
    public var trustedProxies = TrustedProxies.none
    /// HTTPS with this certificate (PEM, chain first) and private key; nil serves plain HTTP.
    public var tls: TLSFiles?
    /// Where backups go, from the schedule and the owner's page; nil is `<data-dir>/backups`.
    public var backupDirectory: String?
    /// A backup every so often while serving, keeping the newest few; nil makes none unasked.
    public var backupSchedule: BackupSchedule.Plan?
    /// FoodData Central's API (`--fdc-base-url`): the real one, a mirror, or the tests' stand-in.
    public var fdcBaseURL = FoodDataCentralOnline.officialBaseURL
    /// How long one call to FoodData Central may take before the page says so and moves on.
    public var fdcDeadline: Duration = .seconds(5)
    /// The server's api.data.gov key (`FOODDIARY_FDC_API_KEY`); a diary's own key comes first.
    public var fdcAPIKey: String?
    /// Open Food Facts (`--off-base-url`): the real one, a mirror, or the tests' stand-in.
    public var offBaseURL = OpenFoodFactsClient.officialBaseURL
    /// The owner's model for suggestions (`--model-url`, `--model`); nil, the default, sends nothing.
    package var model: ModelEndpoint?
    /// The household's OpenID provider (`--oidc-issuer`, `--oidc-client-id`); nil signs in without one.
    package var singleSignOn: OpenIDSettings?
    /// False with `--no-password-sign-in`: only single sign-on, passkeys and the proxy's header sign in.
    public var passwordSignIn = true
    /// Whether a recipe may be fetched from an address on the home network (`--recipes-from-home-network`):
    /// off, so nobody can make the server fetch the router's or the NAS's pages.
    public var recipePagesOnHomeNetwork = false
    /// Whether a browser's push service may be on the home network (`--push-from-home-network`).
    public var pushServicesOnHomeNetwork = false
    /// Whom push services may write to about this server's reminders (`--push-contact`), VAPID's `sub`.
    public var pushContact = "mailto:fooddiary@localhost"
    /// The household's SMTP server for mail reminders (`--smtp`); nil sends no mail.
    package var mail: OutboundMail.Settings?
    /// Catalog searches run at once (`--searches-in-flight`); more are answered 503 with `Retry-After`.
    public var searchesInFlight = InFlightLimit.defaultLimit
    /// How long `/healthz` and the systemd watchdog give the reads of every database.
    public var healthCheckDeadline: Duration = .seconds(1)
    /// systemd's notification socket and watchdog (`Type=notify`), nil when not run by it.
    public var systemd: SystemdNotifier.Settings?
    /// The key that signs CSRF tokens; nil reads or makes `<data-dir>/secret.key`.
    public var secret: Data?
    /// Shown every page rendered; a complaint it returns becomes a 500. The tests compare each page
    /// with swift-mustache's rendering of the same view model.
    public var renderedPageCheck: (@Sendable (RenderedPage) -> String?)?

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: String = "./data",
        templatesDirectory: String = "Templates",
        languagesDirectory: String = "Languages",
        publicDirectory: String = "Public",
        sr28Directory: String? = nil,
        fdcDirectory: String? = nil,
        geonamesDirectory: String? = nil,
        timeZone: TimeZone = .current,
        maxUploadBytes: Int = 25_000_000,
        maxPhotoPixels: Int = 100_000_000
    ) {
        self.maxUploadBytes = maxUploadBytes
        self.maxPhotoPixels = maxPhotoPixels
        self.sr28Directory = sr28Directory
        self.fdcDirectory = fdcDirectory
        self.geonamesDirectory = geonamesDirectory
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.templatesDirectory = templatesDirectory
        self.languagesDirectory = languagesDirectory
        self.publicDirectory = publicDirectory
        self.timeZone = timeZone
    }

    /// Where a diary lived before diaries were folders of their own; the server moves it into
    /// `diaries/` on start, and `fooddiary demo` writes a new data directory's diary here.
    public var legacyDiaryPath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("diary.sqlite").path
    }

    /// One folder per diary: `<id>/diary.sqlite` and `<id>/photos/`.
    public var diariesDirectory: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("diaries").path
    }

    /// Accounts, sessions and tokens, apart from the diary.
    public var accountsPath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("accounts.sqlite").path
    }

    /// Offline place names, rebuilt from the GeoNames file like the catalog from USDA's.
    public var geonamesPath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("geonames.sqlite").path
    }

    /// The photos of the diary at `legacyDiaryPath`, moved with it.
    public var legacyPhotosDirectory: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("photos").path
    }

    /// The food catalog, kept apart from the diary because it is rebuilt from USDA files.
    public var catalogPath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("catalog.sqlite").path
    }

    public var backupsPath: String {
        backupDirectory ?? URL(fileURLWithPath: dataDirectory).appendingPathComponent("backups").path
    }

    /// Held while a server runs on the data directory, so a second one refuses to start.
    public var lockPath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("fooddiary.lock").path
    }

    /// The address the server listens on. "localhost" means this machine, but a stock Debian
    /// resolves it to ::1 before 127.0.0.1, and a server bound to ::1 alone is out of reach of
    /// everything that asks for 127.0.0.1 (its own setup link included). Browsers and curl asked
    /// for localhost try ::1, then 127.0.0.1, so 127.0.0.1 serves both.
    public var bindAddress: String {
        let lowered = host.lowercased()
        if lowered == "localhost" { return "127.0.0.1" }
        if lowered.hasPrefix("["), lowered.hasSuffix("]") { return String(lowered.dropFirst().dropLast()) }
        return host
    }

    /// Whether only this machine can reach the server.
    public var bindsLoopbackOnly: Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered == "::1" || lowered == "[::1]" || lowered.hasPrefix("127.")
    }

    /// What the features' pages read of this configuration.
    var featureSettings: FeatureSettings {
        var settings = FeatureSettings(
            publicDirectory: publicDirectory, timeZone: timeZone, maxUploadBytes: maxUploadBytes, dataDirectory: dataDirectory,
            backupsPath: backupsPath, backupSchedule: backupSchedule, fdcBaseURL: fdcBaseURL, fdcDeadline: fdcDeadline,
            fdcAPIKey: fdcAPIKey, offBaseURL: offBaseURL, recipePagesOnHomeNetwork: recipePagesOnHomeNetwork, model: model)
        settings.maxImportBytes = maxImportBytes
        settings.singleSignOn = singleSignOn
        settings.passwordSignIn = passwordSignIn
        settings.pushServicesOnHomeNetwork = pushServicesOnHomeNetwork
        settings.pushContact = pushContact
        settings.mail = mail
        return settings
    }
}
