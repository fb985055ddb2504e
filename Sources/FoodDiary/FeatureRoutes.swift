import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Logging

/// The forms that carry a whole web page, by path, with the most bytes of page each reads, for
/// `FormBodyMiddleware`: one limit however the page comes, pasted or uploaded.
package let pageFormLimits = ["/recipes/import": RecipePageFetcher.maxBytes]
/// The forms that take files far larger than a photo (see `LargeUploads`): the import's, for a
/// phone's health export.
package let largeUploadPaths: Set<String> = ["/import"]

/// The few settings of the app's configuration that the features' pages read.
package struct FeatureSettings: Sendable {
    package var publicDirectory: String
    package var timeZone: TimeZone
    package var maxUploadBytes: Int
    package var maxImportBytes = 4_000_000_000
    package var dataDirectory: String
    package var backupsPath: String
    package var backupSchedule: BackupSchedule.Plan?
    package var fdcBaseURL: URL
    package var fdcDeadline: Duration
    package var fdcAPIKey: String?
    package var offBaseURL: URL
    /// Whether a recipe's address may be on the home network (a recipe server of the household's own).
    package var recipePagesOnHomeNetwork: Bool
    /// The owner's model for suggestions; nil (the default) sends nothing anywhere.
    package var model: ModelEndpoint?
    /// The household's OpenID provider; nil without single sign-on.
    package var singleSignOn: OpenIDSettings?
    /// Whether a name and password sign in (`--no-password-sign-in` turns it off).
    package var passwordSignIn = true

    package init(publicDirectory: String, timeZone: TimeZone, maxUploadBytes: Int, dataDirectory: String, backupsPath: String,
                 backupSchedule: BackupSchedule.Plan?, fdcBaseURL: URL, fdcDeadline: Duration, fdcAPIKey: String?,
                 offBaseURL: URL, recipePagesOnHomeNetwork: Bool, model: ModelEndpoint? = nil) {
        self.publicDirectory = publicDirectory
        self.timeZone = timeZone
        self.maxUploadBytes = maxUploadBytes
        self.dataDirectory = dataDirectory
        self.backupsPath = backupsPath
        self.backupSchedule = backupSchedule
        self.fdcBaseURL = fdcBaseURL
        self.fdcDeadline = fdcDeadline
        self.fdcAPIKey = fdcAPIKey
        self.offBaseURL = offBaseURL
        self.recipePagesOnHomeNetwork = recipePagesOnHomeNetwork
        self.model = model
    }
}

/// What the features' pages are built from: opened once at start-up by the app.
package struct FeatureParts: Sendable {
    let settings: FeatureSettings
    let accounts: AccountsDatabase
    let diaries: DiaryAccess
    let catalog: CatalogDatabase
    let geonames: GeoNamesDatabase
    let renderer: PageRenderer
    let authentication: Authentication
    let setup: FirstRunSetup
    /// The server's secret, from which sign-in devices' cookies are signed.
    let secret: Data
    let logger: Logger
    let now: @Sendable () -> Date

    package init(settings: FeatureSettings, accounts: AccountsDatabase, diaries: DiaryAccess, catalog: CatalogDatabase, geonames: GeoNamesDatabase,
                 renderer: PageRenderer, authentication: Authentication, setup: FirstRunSetup, secret: Data, logger: Logger,
                 now: @escaping @Sendable () -> Date) {
        self.settings = settings
        self.accounts = accounts
        self.diaries = diaries
        self.catalog = catalog
        self.geonames = geonames
        self.renderer = renderer
        self.authentication = authentication
        self.setup = setup
        self.secret = secret
        self.logger = logger
        self.now = now
    }
}

/// Every feature's routes, each controller given what it needs. A route is added here or by the
/// app's own health check: the tests walk `routes.registered` to check each one.
package func addFeatureRoutes(to routes: Routes, _ parts: FeatureParts) throws {
    let (settings, accounts, diaries, catalog, geonames) = (parts.settings, parts.accounts, parts.diaries, parts.catalog, parts.geonames)
    let (renderer, authentication, setup, secret, logger, now) =
        (parts.renderer, parts.authentication, parts.setup, parts.secret, parts.logger, parts.now)
    let timeZone = settings.timeZone
    try AppShellController(publicDirectory: settings.publicDirectory).addRoutes(to: routes)
    let throttle = SignInThrottle(), devices = SignInDevices(secret: secret), challenges = SecondStepChallenges()
    let methods = SignInMethods(password: settings.passwordSignIn, singleSignOn: settings.singleSignOn?.name)
    let signIn = SignInController(accounts: accounts, authentication: authentication, throttle: throttle, devices: devices, challenges: challenges,
                                  setup: setup, methods: methods, renderer: renderer, logger: logger, now: now)
    signIn.addRoutes(to: routes)
    let recentSignIn = RecentSignIn(accounts: accounts, authentication: authentication, throttle: throttle, now: now)
    SingleSignOnController(provider: settings.singleSignOn.map(OpenIDProvider.init), logins: OpenIDLogins(), accounts: accounts,
                           authentication: authentication, signIn: signIn, recentSignIn: recentSignIn, renderer: renderer, logger: logger,
                           now: now).addRoutes(to: routes)
    SecondStepController(accounts: accounts, authentication: authentication, throttle: throttle, devices: devices, challenges: challenges,
                         seal: SecondStepSeal(serverSecret: secret), signIn: signIn, recentSignIn: recentSignIn, renderer: renderer, logger: logger,
                         now: now).addRoutes(to: routes)
    PasskeyController(accounts: accounts, authentication: authentication, challenges: PasskeyChallenges(), signIn: signIn, recentSignIn: recentSignIn,
                      logger: logger, now: now).addRoutes(to: routes)
    AccountController(accounts: accounts, authentication: authentication, throttle: throttle, recentSignIn: recentSignIn, singleSignOn: settings.singleSignOn, renderer: renderer,
                      logger: logger, timeZone: timeZone, now: now).addRoutes(to: routes)
    DiariesController(diaries: diaries, renderer: renderer, logger: logger, now: now).addRoutes(to: routes)
    PeopleController(accounts: accounts, authentication: authentication, singleSignOn: settings.singleSignOn, methods: methods, renderer: renderer, logger: logger,
                     timeZone: timeZone, now: now).addRoutes(to: routes)
    MealPagesController(geonames: geonames, maxUploadBytes: settings.maxUploadBytes, renderer: renderer, timeZone: timeZone, now: now,
                        model: settings.model).addRoutes(to: routes)
    // One model behind one guard: a stopped model is known to every page that asks it.
    let modelHelp = settings.model.map(ModelHelp.init)
    ModelHelpController(help: modelHelp, renderer: renderer).addRoutes(to: routes)
    LabelReadingController(help: modelHelp, renderer: renderer).addRoutes(to: routes)
    MealsAPIController().addRoutes(to: routes)
    MorePageController(renderer: renderer).addRoutes(to: routes)
    FoodPagesController(catalog: catalog, renderer: renderer, logTargets: LogController.targets(timeZone: timeZone, now: now)).addRoutes(to: routes)
    FoodsAPIController(catalog: catalog).addRoutes(to: routes)
    let household = HouseholdFoods(diaries: diaries)
    let mealTargets = MealTargets(geonames: geonames, timeZone: timeZone, now: now)
    LogController(catalog: catalog, household: household, targets: mealTargets, renderer: renderer).addRoutes(to: routes)
    TextLogController(catalog: catalog, household: household, targets: mealTargets, renderer: renderer).addRoutes(to: routes)
    AssistantController(services: AssistantServices(catalog: catalog, household: household, targets: mealTargets, accounts: accounts, timeZone: timeZone,
                                                    logger: logger, now: now)).addRoutes(to: routes)
    RecipeImportController(catalog: catalog, household: household, fetcher: RecipePageFetcher(allowsHomeNetwork: settings.recipePagesOnHomeNetwork),
                           reading: InFlightLimit(limit: RecipeImportController.readingLimit), renderer: renderer, now: now).addRoutes(to: routes)
    let online = FoodDataCentralOnline(baseURL: settings.fdcBaseURL, deadline: settings.fdcDeadline)
    let openFoodFacts = OpenFoodFactsOnline(baseURL: settings.offBaseURL, deadline: settings.fdcDeadline)
    EntryPagesController(catalog: catalog, household: household, online: online, openFoodFacts: openFoodFacts, serverKey: settings.fdcAPIKey, renderer: renderer, now: now)
        .addRoutes(to: routes)
    OnlineFoodsController(catalog: catalog, online: online, openFoodFacts: openFoodFacts, serverKey: settings.fdcAPIKey, renderer: renderer, now: now)
        .addRoutes(to: routes)
    BarcodePhotoController(products: BarcodeProducts(catalog: catalog, online: online, openFoodFacts: openFoodFacts, now: now), targets: mealTargets,
                           serverKey: settings.fdcAPIKey, renderer: renderer).addRoutes(to: routes)
    FoodDataCentralSettingsController(serverKey: settings.fdcAPIKey, renderer: renderer).addRoutes(to: routes)
    FoodDataCentralAPIController(catalog: catalog).addRoutes(to: routes)
    SavedFoodsController(catalog: catalog, renderer: renderer, now: now).addRoutes(to: routes)
    PhotoPagesController().addRoutes(to: routes)
    PlacePagesController(renderer: renderer, timeZone: timeZone).addRoutes(to: routes)
    PlacesAPIController().addRoutes(to: routes)
    DayPagesController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    ActivityController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    HealthAPIController(diaries: diaries, timeZone: timeZone, now: now).addRoutes(to: routes)
    BodyController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    EnergyController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    NutrientsController(renderer: renderer).addRoutes(to: routes)
    BodyAPIController(timeZone: timeZone, now: now).addRoutes(to: routes)
    FavouritesController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    MealSharingController(sharing: MealSharing(diaries: diaries, now: now), renderer: renderer, logger: logger)
        .addRoutes(to: routes)
    QuickAddController(renderer: renderer, now: now).addRoutes(to: routes)
    ItemisingController(geonames: geonames, maxUploadBytes: settings.maxUploadBytes, renderer: renderer, timeZone: timeZone, now: now)
        .addRoutes(to: routes)
    MyFoodsController(household: household, renderer: renderer, now: now, model: settings.model).addRoutes(to: routes)
    RecipesController(catalog: catalog, household: household, online: online, openFoodFacts: openFoodFacts, serverKey: settings.fdcAPIKey, renderer: renderer,
                      timeZone: timeZone, now: now)
        .addRoutes(to: routes)
    HouseholdFoodsController(household: household, now: now).addRoutes(to: routes)
    BackupsController(maker: BackupMaker(dataDirectory: settings.dataDirectory, now: now), folder: .backups(settings.backupsPath),
                      plan: settings.backupSchedule, dataDirectory: settings.dataDirectory, renderer: renderer, logger: logger,
                      timeZone: timeZone).addRoutes(to: routes)
    PortabilityController(catalog: catalog, renderer: renderer, timeZone: timeZone, maxUploadBytes: settings.maxUploadBytes,
                          maxImportBytes: settings.maxImportBytes, now: now)
        .addRoutes(to: routes)
}
