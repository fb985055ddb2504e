import ArgumentParser
import FoodDiary
import FoodDiaryApp
import FoodDiaryBase
import FoodDiaryTools
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

@main
struct FoodDiaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fooddiary",
        abstract: "A private food diary served to your browser.",
        version: AppVersion.current,
        subcommands: [
            Serve.self, User.self, Backup.self, Restore.self, Export.self, Import.self, Catalog.self, BenchSearch.self, BenchPhotos.self,
            BenchGeocode.self, BenchSuggestions.self, BenchIngredients.self, BenchAmounts.self, BenchOneTap.self, BenchHealthSending.self,
            BenchBarcodePhoto.self, BenchReminders.self, Reminders.self, Demo.self
        ],
        defaultSubcommand: Serve.self
    )

    /// Every command may write into the data folder (a person added, an import, a restore): what
    /// it makes is the server's user's alone from the first byte, not only after the next start.
    static func main() async {
        PrivateFiles.restrictNewOnes()
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand { try await asynchronous.run() } else { try command.run() }
        } catch {
            exit(withError: error)
        }
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the diary over HTTP.")

    @Option(
        help:
            "Address to listen on (env FOODDIARY_HOST); localhost means 127.0.0.1. Anything but loopback exposes the diary to your network."
    )
    var host: String = ProcessInfo.processInfo.environment["FOODDIARY_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one and logs it (env FOODDIARY_PORT).")
    var port: Int = ProcessInfo.processInfo.environment["FOODDIARY_PORT"].flatMap(Int.init) ?? 8080

    @Option(help: "Directory holding the diary database (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Option(
        help: ArgumentHelp(
            "The folder holding Templates/, Languages/, Public/, sr28/ and geonames/ (env FOODDIARY_SHARE_DIR).",
            discussion:
                "By default the working directory when it is FoodDiary's repository, else <prefix>/share/fooddiary beside <prefix>/bin/fooddiary."
        ))
    var shareDir: String? = ProcessInfo.processInfo.environment["FOODDIARY_SHARE_DIR"]

    @Option(help: "USDA SR28 files to build the food catalog from on first start (env FOODDIARY_SR28_DIR; default: the share folder's).")
    var sr28Dir: String? = ProcessInfo.processInfo.environment["FOODDIARY_SR28_DIR"]

    @Option(
        help:
            "FoodData Central's folder: generic-foods.csv, added to the catalog on the first start that finds it, and branded-foods.csv, added in the background (env FOODDIARY_FDC_DIR; default: the share folder's)."
    )
    var fdcDir: String? = ProcessInfo.processInfo.environment["FOODDIARY_FDC_DIR"]

    @Option(
        help:
            "GeoNames rg_cities1000.csv folder for offline place names, imported on first start (env FOODDIARY_GEONAMES_DIR; default: the share folder's)."
    )
    var geonamesDir: String? = ProcessInfo.processInfo.environment["FOODDIARY_GEONAMES_DIR"]

    @Option(help: "Largest upload accepted, in MB (env FOODDIARY_MAX_UPLOAD_MB).")
    var maxUploadMb: Int = ProcessInfo.processInfo.environment["FOODDIARY_MAX_UPLOAD_MB"].flatMap(Int.init) ?? 25

    @Option(help: "Largest file an import takes, such as a phone's health export, in MB (env FOODDIARY_MAX_IMPORT_MB).")
    var maxImportMb: Int = ProcessInfo.processInfo.environment["FOODDIARY_MAX_IMPORT_MB"].flatMap(Int.init) ?? 4000

    @Option(help: "Largest photo accepted, in megapixels (env FOODDIARY_MAX_PHOTO_MEGAPIXELS).")
    var maxPhotoMegapixels: Int = ProcessInfo.processInfo.environment["FOODDIARY_MAX_PHOTO_MEGAPIXELS"].flatMap(Int.init) ?? 100

    @Option(
        help: ArgumentHelp(
            "More host names or addresses this server may be reached by, comma-separated (env FOODDIARY_ALLOWED_HOSTS).",
            discussion: "Loopback, the --host address, this machine's host names and its interface addresses are always allowed."))
    var allowedHosts: String = ProcessInfo.processInfo.environment["FOODDIARY_ALLOWED_HOSTS"] ?? ""

    @Option(help: "Seconds a client may take to send a request's headers (env FOODDIARY_HEADER_TIMEOUT).")
    var headerTimeout: Int = ProcessInfo.processInfo.environment["FOODDIARY_HEADER_TIMEOUT"].flatMap(Int.init) ?? 15

    @Option(help: "Seconds of silence allowed in the middle of an upload (env FOODDIARY_BODY_IDLE_TIMEOUT).")
    var bodyIdleTimeout: Int = ProcessInfo.processInfo.environment["FOODDIARY_BODY_IDLE_TIMEOUT"].flatMap(Int.init) ?? 30

    @Option(help: "Seconds an idle kept-alive connection stays open (env FOODDIARY_KEEP_ALIVE_TIMEOUT).")
    var keepAliveTimeout: Int = ProcessInfo.processInfo.environment["FOODDIARY_KEEP_ALIVE_TIMEOUT"].flatMap(Int.init) ?? 60

    @Option(help: "MB of uploads received at once, from everyone (env FOODDIARY_UPLOADS_IN_FLIGHT_MB).")
    var uploadsInFlightMb: Int = ProcessInfo.processInfo.environment["FOODDIARY_UPLOADS_IN_FLIGHT_MB"].flatMap(Int.init) ?? 256

    @Option(help: "MB of uploads received at once from one address (env FOODDIARY_UPLOADS_IN_FLIGHT_PER_CLIENT_MB).")
    var uploadsInFlightPerClientMb: Int =
        ProcessInfo.processInfo.environment["FOODDIARY_UPLOADS_IN_FLIGHT_PER_CLIENT_MB"].flatMap(Int.init) ?? 128

    @Option(help: "Days a sign-in lasts without use (env FOODDIARY_SESSION_IDLE_DAYS).")
    var sessionIdleDays: Int = Int(ProcessInfo.processInfo.environment["FOODDIARY_SESSION_IDLE_DAYS"] ?? "") ?? 30

    @Option(help: "Days a sign-in lasts at most, used or not (env FOODDIARY_SESSION_MAX_DAYS).")
    var sessionMaxDays: Int = Int(ProcessInfo.processInfo.environment["FOODDIARY_SESSION_MAX_DAYS"] ?? "") ?? 90

    @Option(
        help: ArgumentHelp(
            "A header your sign-in proxy sets to the person's name, e.g. Remote-User (env FOODDIARY_TRUSTED_PROXY_HEADER).",
            discussion: "Believed only on connections from --trusted-proxies."))
    var trustedProxyHeader: String? = ProcessInfo.processInfo.environment["FOODDIARY_TRUSTED_PROXY_HEADER"]

    @Option(help: "Addresses or CIDR blocks of your reverse proxies, comma-separated (env FOODDIARY_TRUSTED_PROXIES).")
    var trustedProxies: String = ProcessInfo.processInfo.environment["FOODDIARY_TRUSTED_PROXIES"] ?? ""

    @Option(help: "Answer HTTPS with this PEM certificate (chain first); needs --tls-key (env FOODDIARY_TLS_CERT).")
    var tlsCert: String? = ProcessInfo.processInfo.environment["FOODDIARY_TLS_CERT"]

    @Option(help: "The PEM private key of --tls-cert (env FOODDIARY_TLS_KEY).")
    var tlsKey: String? = ProcessInfo.processInfo.environment["FOODDIARY_TLS_KEY"]

    @Flag(
        help:
            "Let recipes be fetched from addresses on the home network, e.g. a recipe server of your own (env FOODDIARY_RECIPES_FROM_HOME_NETWORK=1)."
    )
    var recipesFromHomeNetwork = ProcessInfo.processInfo.environment["FOODDIARY_RECIPES_FROM_HOME_NETWORK"] == "1"

    @Flag(
        name: .customLong("push-from-home-network"),
        help:
            "Let browsers subscribe with a push service on the home network, e.g. one of your own (env FOODDIARY_PUSH_FROM_HOME_NETWORK=1)."
    )
    var pushFromHomeNetwork = ProcessInfo.processInfo.environment["FOODDIARY_PUSH_FROM_HOME_NETWORK"] == "1"

    @Option(
        help:
            "Who runs this server, for the push services that carry its reminders: mailto:you@example.org or an https address (env FOODDIARY_PUSH_CONTACT)."
    )
    var pushContact: String? = ProcessInfo.processInfo.environment["FOODDIARY_PUSH_CONTACT"]

    @OptionGroup var mail: MailOptions

    @Option(help: "Make a backup this often while serving: 90m, 24h, 7d (env FOODDIARY_BACKUP_EVERY).")
    var backupEvery: String? = ProcessInfo.processInfo.environment["FOODDIARY_BACKUP_EVERY"]

    @Option(help: "How many of the newest backups to keep (env FOODDIARY_BACKUP_KEEP).")
    var backupKeep: Int = ProcessInfo.processInfo.environment["FOODDIARY_BACKUP_KEEP"].flatMap(Int.init) ?? 7

    @Option(help: "Folder for backups, best on another disk (env FOODDIARY_BACKUP_DIR; default: <data-dir>/backups).")
    var backupDir: String? = ProcessInfo.processInfo.environment["FOODDIARY_BACKUP_DIR"]

    @Option(
        help:
            "Catalog searches run at once; more are answered 503 with Retry-After, not queued (env FOODDIARY_SEARCHES_IN_FLIGHT; default: twice the cores)."
    )
    var searchesInFlight: Int =
        ProcessInfo.processInfo.environment["FOODDIARY_SEARCHES_IN_FLIGHT"].flatMap(Int.init) ?? InFlightLimit.defaultLimit

    @Option(help: "FoodData Central's API, for a mirror or a test server (env FOODDIARY_FDC_BASE_URL).")
    var fdcBaseUrl: String =
        ProcessInfo.processInfo.environment["FOODDIARY_FDC_BASE_URL"] ?? FoodDataCentralOnline.officialBaseURL.absoluteString

    @Option(help: "Open Food Facts, for a mirror or a test server (env FOODDIARY_OFF_BASE_URL).")
    var offBaseUrl: String =
        ProcessInfo.processInfo.environment["FOODDIARY_OFF_BASE_URL"] ?? OpenFoodFactsClient.officialBaseURL.absoluteString

    @Option(
        help:
            "An OpenAI-compatible server you run, such as a local Ollama, for suggested foods (env FOODDIARY_MODEL_URL; default: none, nothing is sent)."
    )
    var modelUrl: String? = ProcessInfo.processInfo.environment["FOODDIARY_MODEL_URL"]

    @Option(help: "The vision model to ask there, such as qwen2.5vl:7b (env FOODDIARY_MODEL).")
    var model: String? = ProcessInfo.processInfo.environment["FOODDIARY_MODEL"]

    @Option(help: "Seconds the model may take for one photo (env FOODDIARY_MODEL_TIMEOUT).")
    var modelTimeout: Int = ProcessInfo.processInfo.environment["FOODDIARY_MODEL_TIMEOUT"].flatMap(Int.init) ?? 90

    @Option(
        help: ArgumentHelp(
            "Your household's OpenID provider, for single sign-on: its issuer address (env FOODDIARY_OIDC_ISSUER).",
            discussion:
                "Register http(s)://<this server's name>/signin/sso/callback there. The client secret comes from FOODDIARY_OIDC_CLIENT_SECRET or --oidc-client-secret-file, never the command line."
        ))
    var oidcIssuer: String? = ProcessInfo.processInfo.environment["FOODDIARY_OIDC_ISSUER"]

    @Option(help: "The client id the provider gave this server (env FOODDIARY_OIDC_CLIENT_ID).")
    var oidcClientId: String? = ProcessInfo.processInfo.environment["FOODDIARY_OIDC_CLIENT_ID"]

    @Option(
        help:
            "A file holding the client secret (env FOODDIARY_OIDC_CLIENT_SECRET_FILE; or the secret itself in FOODDIARY_OIDC_CLIENT_SECRET; neither for a public client)."
    )
    var oidcClientSecretFile: String? = ProcessInfo.processInfo.environment["FOODDIARY_OIDC_CLIENT_SECRET_FILE"]

    @Option(help: "The provider's name on the sign-in button, e.g. Authentik (env FOODDIARY_OIDC_NAME; default: the issuer's host).")
    var oidcName: String? = ProcessInfo.processInfo.environment["FOODDIARY_OIDC_NAME"]

    @Flag(help: "Let people the provider vouches for, whom nobody linked here, join as members (env FOODDIARY_OIDC_NEW_MEMBERS=1).")
    var oidcNewMembers = ProcessInfo.processInfo.environment["FOODDIARY_OIDC_NEW_MEMBERS"] == "1"

    @Option(help: "Only new members whose groups claim holds this group (env FOODDIARY_OIDC_GROUP).")
    var oidcGroup: String? = ProcessInfo.processInfo.environment["FOODDIARY_OIDC_GROUP"]

    @Flag(help: "Turn off signing in with a name and password, once single sign-on works (env FOODDIARY_NO_PASSWORD_SIGN_IN=1).")
    var noPasswordSignIn = ProcessInfo.processInfo.environment["FOODDIARY_NO_PASSWORD_SIGN_IN"] == "1"

    @Option(help: "Directory of Mustache templates (default: the share folder's).")
    var templates: String?

    @Option(help: "Directory of static files served under /static (default: the share folder's).")
    var publicDir: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535 (0 picks a free one).") }
        guard (1...2000).contains(maxUploadMb) else { throw ValidationError("--max-upload-mb must be between 1 and 2000.") }
        guard (1...100_000).contains(maxImportMb) else { throw ValidationError("--max-import-mb must be between 1 and 100000.") }
        guard (1...1000).contains(maxPhotoMegapixels) else { throw ValidationError("--max-photo-megapixels must be between 1 and 1000.") }
        if let pushContact, !(pushContact.hasPrefix("mailto:") || pushContact.hasPrefix("https://")) || pushContact.count > 200 {
            throw ValidationError("--push-contact must be a mailto: or https:// address.")
        }
        for (name, seconds) in [
            ("--header-timeout", headerTimeout), ("--body-idle-timeout", bodyIdleTimeout), ("--keep-alive-timeout", keepAliveTimeout)
        ] {
            guard (1...3600).contains(seconds) else { throw ValidationError("\(name) must be between 1 and 3600 seconds.") }
        }
        guard (1...100_000).contains(uploadsInFlightMb), (1...100_000).contains(uploadsInFlightPerClientMb) else {
            throw ValidationError("--uploads-in-flight-mb and --uploads-in-flight-per-client-mb must be between 1 and 100000.")
        }
        guard (1...3650).contains(sessionIdleDays), (1...3650).contains(sessionMaxDays) else {
            throw ValidationError("--session-idle-days and --session-max-days must be between 1 and 3650.")
        }
        do { _ = try TrustedProxies(parsing: trustedProxies) } catch { throw ValidationError("--trusted-proxies: \(error)") }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together: give both, or neither for plain HTTP.")
        }
        if let backupEvery, BackupSchedule.Plan.parseInterval(backupEvery) == nil {
            throw ValidationError("--backup-every: “\(backupEvery)” is not an interval; give a number and s, m, h or d, such as 24h.")
        }
        guard let url = URL(string: fdcBaseUrl), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--fdc-base-url: “\(fdcBaseUrl)” is not an http(s) address, such as https://api.nal.usda.gov/fdc.")
        }
        guard let url = URL(string: offBaseUrl), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--off-base-url: “\(offBaseUrl)” is not an http(s) address, such as https://world.openfoodfacts.org.")
        }
        if let modelUrl {
            guard let url = URL(string: modelUrl), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--model-url: “\(modelUrl)” is not an http(s) address, such as http://127.0.0.1:11434.")
            }
            guard let model, !model.isEmpty else {
                throw ValidationError("--model-url needs --model: the name of the vision model to ask, such as qwen2.5vl:7b.")
            }
        } else if model != nil {
            throw ValidationError("--model needs --model-url: the address of the server that runs it.")
        }
        guard (5...900).contains(modelTimeout) else { throw ValidationError("--model-timeout must be between 5 and 900 seconds.") }
        guard (1...1000).contains(searchesInFlight) else { throw ValidationError("--searches-in-flight must be between 1 and 1000.") }
        guard (1...1000).contains(backupKeep) else { throw ValidationError("--backup-keep must be between 1 and 1000.") }
        if let oidcIssuer {
            if let problem = OpenIDSettings.problem(withIssuer: oidcIssuer) { throw ValidationError("--oidc-issuer: \(problem)") }
            guard let oidcClientId, !oidcClientId.isEmpty else {
                throw ValidationError("--oidc-issuer needs --oidc-client-id: the client id the provider gave this server.")
            }
        } else {
            for (given, name) in [
                (oidcClientId != nil, "--oidc-client-id"), (oidcClientSecretFile != nil, "--oidc-client-secret-file"),
                (oidcNewMembers, "--oidc-new-members"), (oidcGroup != nil, "--oidc-group"), (noPasswordSignIn, "--no-password-sign-in")
            ] where given {
                throw ValidationError("\(name) needs --oidc-issuer: the address of your household's OpenID provider.")
            }
        }
        if oidcGroup != nil && !oidcNewMembers {
            throw ValidationError("--oidc-group needs --oidc-new-members: it says which new members may join.")
        }
        if let header = trustedProxyHeader {
            guard Authentication.isHeaderName(header) else {
                throw ValidationError("--trusted-proxy-header: “\(header)” is not a header name.")
            }
            guard !trustedProxies.isEmpty else {
                throw ValidationError("--trusted-proxy-header needs --trusted-proxies: the header is believed only from them.")
            }
        }
    }

    func run() async throws {
        var logger = Logger(label: "fooddiary")
        logger.logLevel = .info
        // A folder named on the command line wins; the others come from wherever FoodDiary's files are.
        func folder(_ given: String?, _ pick: (InstalledFiles) -> String) throws -> String {
            if let given { return given }
            return pick(
                try InstalledFiles.locate(
                    shareDirectory: shareDir, workingDirectory: FileManager.default.currentDirectoryPath,
                    executable: InstalledFiles.runningExecutable
                ).get())
        }
        var config = AppConfig(
            host: host, port: port, dataDirectory: dataDir, templatesDirectory: try folder(templates, \.templates),
            // Beside the templates named on the command line, or wherever FoodDiary's files are.
            languagesDirectory: templates.map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("Languages").path
            }
                ?? (try? folder(nil, \.languages)) ?? "Languages",
            publicDirectory: try folder(publicDir, \.publicFiles), sr28Directory: try folder(sr28Dir, \.sr28),
            // Optional data: a server started with its folders named one by one does without.
            fdcDirectory: fdcDir ?? (try? folder(nil, \.fdc)),
            geonamesDirectory: try folder(geonamesDir, \.geonames), maxUploadBytes: maxUploadMb * 1_000_000,
            maxPhotoPixels: maxPhotoMegapixels * 1_000_000)
        config.allowedHosts = allowedHosts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        config.deadlines = ConnectionDeadlines(
            header: .seconds(Int64(headerTimeout)), bodyIdle: .seconds(Int64(bodyIdleTimeout)),
            keepAliveIdle: .seconds(Int64(keepAliveTimeout)))
        config.maxUploadBytesInFlight = uploadsInFlightMb * 1_000_000
        config.maxUploadBytesInFlightPerClient = uploadsInFlightPerClientMb * 1_000_000
        config.maxImportBytes = maxImportMb * 1_000_000
        config.sessionLifetime = SessionLifetime(idleDays: sessionIdleDays, absoluteDays: sessionMaxDays)
        config.trustedProxyHeader = trustedProxyHeader
        config.trustedProxies = try TrustedProxies(parsing: trustedProxies)
        config.tls = tlsCert.flatMap { cert in tlsKey.map { TLSFiles(certificateChain: cert, privateKey: $0) } }
        config.backupDirectory = backupDir
        config.fdcBaseURL = URL(string: fdcBaseUrl) ?? FoodDataCentralOnline.officialBaseURL
        config.offBaseURL = URL(string: offBaseUrl) ?? OpenFoodFactsClient.officialBaseURL
        config.searchesInFlight = searchesInFlight
        config.recipePagesOnHomeNetwork = recipesFromHomeNetwork
        config.pushServicesOnHomeNetwork = pushFromHomeNetwork
        if let pushContact { config.pushContact = pushContact }
        config.mail = try mail.settings()
        config.systemd = SystemdNotifier.Settings(environment: ProcessInfo.processInfo.environment)
        // From the environment only, never an option: a command line is visible to everyone on the machine.
        config.fdcAPIKey = ProcessInfo.processInfo.environment["FOODDIARY_FDC_API_KEY"]
        config.model = modelUrl.flatMap(URL.init(string:)).flatMap { url in
            model.map {
                ModelEndpoint(
                    baseURL: url, model: $0, key: ProcessInfo.processInfo.environment["FOODDIARY_MODEL_KEY"],
                    deadline: .seconds(Int64(modelTimeout)))
            }
        }
        config.singleSignOn = try singleSignOn()
        config.passwordSignIn = !noPasswordSignIn
        config.backupSchedule = backupEvery.flatMap(BackupSchedule.Plan.parseInterval).map {
            BackupSchedule.Plan(every: $0, keep: backupKeep)
        }
        let app = try await buildApplication(config: config, logger: logger)
        // SIGTERM and SIGINT stop new connections and let requests in flight (uploads too) finish;
        // what still runs after 8 s is cancelled, and at 10 s the process exits even if something
        // is stuck, inside a service manager's usual 10–15 s.
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = .seconds(8)
        ShutdownDeadline.arm(after: .seconds(10))
        try await ServiceGroup(configuration: group).run()
    }
}

extension Serve {
    /// The provider's settings, the secret read from the environment or its file: a command line is
    /// visible to everyone on the machine.
    func singleSignOn() throws -> OpenIDSettings? {
        guard let oidcIssuer, let oidcClientId else { return nil }
        var secret = ProcessInfo.processInfo.environment["FOODDIARY_OIDC_CLIENT_SECRET"]
        if let oidcClientSecretFile {
            do {
                secret = try String(contentsOfFile: oidcClientSecretFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                throw ValidationError("--oidc-client-secret-file: \(oidcClientSecretFile) could not be read.")
            }
        }
        var settings = OpenIDSettings(
            issuer: oidcIssuer, clientID: oidcClientId, clientSecret: secret.flatMap { $0.isEmpty ? nil : $0 }, name: oidcName)
        settings.allowsNewMembers = oidcNewMembers
        settings.requiredGroup = oidcGroup
        return settings
    }
}

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill a diary with realistic demo meals, foods, places, tags, favourites and photos.")

    @Option(help: "How many days of meals, ending today.")
    var days: Int = 60

    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    @Option(help: "USDA SR28 files, to build the catalog if it is missing.")
    var sr28Dir: String = ProcessInfo.processInfo.environment["FOODDIARY_SR28_DIR"] ?? ".cache/sr28"

    @Option(help: "FoodData Central's generic foods, to add to the catalog if it is missing them.")
    var fdcDir: String = ProcessInfo.processInfo.environment["FOODDIARY_FDC_DIR"] ?? ".cache/fdc"

    @Option(help: "GeoNames folder, to build the place-name index if it is missing.")
    var geonamesDir: String = ProcessInfo.processInfo.environment["FOODDIARY_GEONAMES_DIR"] ?? ".cache/geonames"

    @Flag(help: "Add demo meals even though the diary already has meals.")
    var force = false

    @Option(help: "How many more meals get a 12-megapixel photo, as a phone takes it (for benchmarks).")
    var largePhotos: Int = 0

    func validate() throws {
        guard (1...10_000).contains(days) else { throw ValidationError("--days must be between 1 and 10000.") }
        guard (0...10_000).contains(largePhotos) else { throw ValidationError("--large-photos must be between 0 and 10000.") }
        guard !FileManager.default.fileExists(atPath: AppConfig(dataDirectory: dataDir).diariesDirectory) else {
            throw ValidationError(
                "\(dataDir) has been served already, so its diaries have owners. Fill a new data directory with demo meals, then serve that."
            )
        }
    }

    func run() async throws {
        var logger = Logger(label: "fooddiary.demo")
        logger.logLevel = .info
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        let config = AppConfig(dataDirectory: dataDir, sr28Directory: sr28Dir, fdcDirectory: fdcDir, geonamesDirectory: geonamesDir)
        try importReferenceDataIfMissing(config: config, logger: logger)
        let today = LocalDateTime(Date(), in: .current).date
        do {
            let summary = try await DemoDiary(config: config).fill(
                days: days, today: today, timeZone: .current, force: force, largePhotos: largePhotos)
            print(
                "Added \(summary.meals) meals with \(summary.entries) foods, \(summary.photos) photos, \(summary.weighIns) weigh-ins, \(summary.drinks) glasses of water and \(summary.activities) runs and rides over \(days) days to \(config.legacyDiaryPath); `fooddiary serve` gives it to the first owner."
            )
        } catch let refusal as DemoDiary.DiaryNotEmpty {
            FileHandle.standardError.write(Data((refusal.description + "\n").utf8))
            throw ExitCode.failure
        }
    }
}
