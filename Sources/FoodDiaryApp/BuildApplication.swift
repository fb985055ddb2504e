import FoodDiary
import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import FoodDiaryPhotos

/// Builds the whole application; `fooddiary serve` and the tests both call this.
///
/// - Parameters:
///   - now: the clock, so tests can pin "now".
///   - onRunning: told the port actually bound once the server listens (port 0 picks a free one).
public func buildApplication(
    config: AppConfig,
    logger: Logger = Logger(label: "fooddiary"),
    now: @escaping @Sendable () -> Date = { Date() },
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> FoodDiaryApplication {
    let tlsConfiguration = try config.tls?.configuration()
    PrivateFiles.restrictNewOnes()
    let dataLock = try DataDirectoryLock(path: config.lockPath, directory: config.dataDirectory)
    if try DataSwap.finishInterrupted(in: config.dataDirectory) {
        logger.notice("Finished a restore that was interrupted before this start")
    }
    if let warning = DiskSpace.warning(for: config.dataDirectory) { logger.warning("\(warning)") }
    let catalog = try CatalogDatabase.open(path: config.catalogPath, searchesInFlight: config.searchesInFlight)
    let geonames = try GeoNamesDatabase.open(path: config.geonamesPath)
    // A first start's imports take seconds to minutes: on a thread of their own, not Swift's.
    try await offTheCooperativePool {
        let tightened = try PrivateFiles.tighten(config.dataDirectory)
        if tightened > 0 { logger.notice("Made \(tightened) files and folders in \(config.dataDirectory) readable by this user alone") }
        try importCatalogIfMissing(catalog, config: config, logger: logger)
        try importGeoNamesIfMissing(geonames, directory: config.geonamesDirectory, logger: logger)
    }
    Task { await catalog.prepareSearch() }
    var languages = Languages([])
    if FileManager.default.fileExists(atPath: config.languagesDirectory) {
        languages = try Languages(directory: config.languagesDirectory, pseudo: config.offersPseudoLanguage)
    } else {
        logger.warning("No language catalogues in \(config.languagesDirectory): every page is in English")
    }
    var renderer = try PageRenderer(directory: config.templatesDirectory, pages: featurePageTemplates, languages: languages)
    renderer.check = config.renderedPageCheck
    renderer.statusStrip = { requester in
        guard let person = requester as? SignedIn else { return nil }
        return await StatusStripView.today(in: person.diary, timeZone: config.timeZone, now: now()).map(AnyTemplateKeyed.init)
    }
    try ImageLibrary.start()

    let secret = try config.secret ?? ServerSecret.loadOrCreate(in: config.dataDirectory)
    let tokens = CSRFTokens(secret: secret)
    let accounts = try AccountsDatabase.open(path: config.accountsPath)
    let setup = FirstRunSetup(needed: try await accounts.accountCount() == 0)
    let files = DiaryFiles(directory: config.diariesDirectory)
    try await adoptLegacyDiaryIfPresent(config: config, accounts: accounts, files: files, logger: logger, now: now)
    files.removeDiscarded()
    let diaries = DiaryAccess(accounts: accounts, pool: DiaryPool(files: files, maxPhotoPixels: config.maxPhotoPixels))
    let maintenance = Maintenance(diaries: { diaries.openDiaries }, now: now, logger: logger)
    for id in files.existing() {
        let diary = try files.open(id, maxPhotoPixels: config.maxPhotoPixels)
        await maintenance.runOnce(diary, atStartUp: true)
        let restored = try await catalog.restoreKeptFoods(diary.database.fetchedFoods())
        if restored > 0 { logger.info("Put \(restored) foods picked from FoodData Central back into the catalog, from diary \(id)") }
    }
    let authentication = Authentication(
        accounts: accounts, lifetime: config.sessionLifetime, proxyHeader: config.trustedProxyHeader.flatMap { HTTPField.Name($0) },
        trustedProxies: config.trustedProxies, servesHTTPS: tlsConfiguration != nil, now: now, diaries: diaries)
    let router = Router(context: AppRequestContext.self, options: [.autoGenerateHeadEndpoints])
    // Order matters: a middleware wraps those added after it.
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: NoSniffMiddleware())
    if tlsConfiguration != nil { router.add(middleware: StrictTransportSecurityMiddleware()) }
    router.add(middleware: HostGuard(allowed: AllowedHosts(boundHost: config.host, extra: config.allowedHosts)))
    // Outside the error pages, so they too are in the browser's language.
    router.add(middleware: BrowserConventionsMiddleware(languages: languages))
    router.add(middleware: ErrorPageMiddleware(renderer: renderer))
    router.add(
        middleware: StaticFilesMiddleware(
            files: FileMiddleware(
                config.publicDirectory, urlBasePath: "/static",
                cacheControl: .init([
                    (MediaType(type: .any), [.maxAge(3600)])
                ]), logger: logger)))

    let budget = UploadBudget(totalLimit: config.maxUploadBytesInFlight, perClientLimit: config.maxUploadBytesInFlightPerClient)
    let formBody = FormBodyMiddleware(
        maxUploadBytes: config.maxUploadBytes, tokens: tokens, budget: budget, pageForms: pageFormLimits,
        largeUploads: LargeUploads(paths: largeUploadPaths, maxBytes: config.maxImportBytes))
    let routes = Routes(
        router: router, formBody: formBody, tokens: tokens,
        identify: { AuthenticationMiddleware(authentication: authentication, required: $0) },
        personalise: PersonalConventionsMiddleware(languages: languages),
        isHTTPS: authentication.isHTTPS)
    let health = HealthCheck(
        deadline: config.healthCheckDeadline, accounts: accounts, catalog: catalog, geonames: geonames, diaries: { diaries.openDiaries })
    HealthController(health: health).addRoutes(to: routes)
    let featureServices = try addFeatureRoutes(
        to: routes,
        FeatureParts(
            settings: config.featureSettings, accounts: accounts, diaries: diaries, catalog: catalog, geonames: geonames,
            renderer: renderer, languages: languages, authentication: authentication, setup: setup, secret: secret, logger: logger, now: now
        ))
    routes.finish()
    let schedule = config.backupSchedule.map {
        BackupSchedule(plan: $0, dataDirectory: config.dataDirectory, backupDirectory: config.backupsPath, logger: logger, now: now)
    }

    let systemd = config.systemd.map { SystemdNotifier(settings: $0, health: health, logger: logger) }
    let brandedFoods: [any Service] =
        config.fdcDirectory.map {
            [BrandedFoodsService(importer: BrandedFoodsImport(catalog: catalog, directory: $0, logger: logger), logger: logger)]
        } ?? []

    let application = Application(
        router: router,
        server: try tlsConfiguration.map { try .tls(DeadlineHTTP1Channel.builder(config.deadlines), tlsConfiguration: $0) }
            ?? DeadlineHTTP1Channel.builder(config.deadlines),
        configuration: .init(address: .hostname(config.bindAddress, port: config.port), serverName: "FoodDiary"),
        services: [maintenance] + (schedule.map { [$0] } ?? []) + brandedFoods + featureServices + (systemd.map { [$0] } ?? []),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? config.port
            let scheme = tlsConfiguration == nil ? "http" : "https"
            let here = ListeningAddress.reachableFromThisMachine(channel.localAddress)
            logger.info("FoodDiary is ready at \(scheme)://\(here):\(port) (data in \(config.dataDirectory))")
            if let token = setup.token {
                logger.notice(
                    "No account exists yet. Create the owner's account on this machine: \(scheme)://\(here):\(port)/setup?token=\(token)")
            }
            systemd?.ready()
            await onRunning(port)
        },
        // One thread is plenty for a household's sockets; a second one per core competed with the
        // threads rendering pages and tripled the slowest 1 % of page times under load (p99 34 → 11 ms).
        eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup(numberOfThreads: 1)),
        logger: logger
    )
    return FoodDiaryApplication(application: application, routes: routes.registered, setup: setup, dataLock: dataLock)
}

/// The running application, with the routes it registered so tests can walk every one of them.
public struct FoodDiaryApplication: ApplicationProtocol {
    public typealias Responder = RouterResponder<AppRequestContext>
    let application: Application<Responder>
    public let routes: [RegisteredRoute]
    /// The first-run setup link's secret while no account exists.
    public let setup: FirstRunSetup
    /// Held for as long as the application exists.
    let dataLock: DataDirectoryLock

    public var responder: Responder { application.responder }
    public var server: HTTPServerBuilder { application.server }
    public var configuration: ApplicationConfiguration { application.configuration }
    public var logger: Logger { application.logger }
    public var services: [any Service] { application.services }
    public var eventLoopGroup: any EventLoopGroup { application.eventLoopGroup }
    public var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { application.processesRunBeforeServerStart }
    public func onServerRunning(_ channel: any Channel) async { await application.onServerRunning(channel) }
}
