import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Logging
import ServiceLifecycle

/// The forms that carry a whole web page, by path, with the most bytes of page each reads, for
/// `FormBodyMiddleware`: one limit however the page comes, pasted or uploaded.
package let pageFormLimits = ["/recipes/import": RecipePageFetcher.maxBytes]
/// The forms that take files far larger than a photo (see `LargeUploads`): the import's, for a
/// phone's health export.
package let largeUploadPaths: Set<String> = ["/import"]

/// Every feature's routes, each area's controllers given what they need, and the services that
/// run beside them. A route is added here or by the app's own health check: the tests walk
/// `routes.registered` to check each one.
package func addFeatureRoutes(to routes: Routes, _ parts: FeatureParts) throws -> [any Service] {
    try AppShellController(publicDirectory: parts.settings.publicDirectory).addRoutes(to: routes)
    ScriptWordsController(languages: parts.languages).addRoutes(to: routes)
    let shared = SharedServices(parts)
    try addSignInRoutes(to: routes, parts)
    let reminders = try addReminderRoutes(to: routes, parts)
    addMealRoutes(to: routes, parts, shared)
    addFoodRoutes(to: routes, parts, shared)
    addDayAndBodyRoutes(to: routes, parts)
    addHouseholdRoutes(to: routes, parts, shared)
    addPlanRoutes(to: routes, parts, shared)
    return [reminders]
}

/// What several areas' pages use: one of each, so a stopped model or a slow upstream is known to
/// every page that asks it.
private struct SharedServices {
    let household: HouseholdFoods
    let mealTargets: MealTargets
    let modelHelp: ModelHelp?
    let online: FoodDataCentralOnline
    let openFoodFacts: OpenFoodFactsOnline

    init(_ parts: FeatureParts) {
        let settings = parts.settings
        household = HouseholdFoods(diaries: parts.diaries)
        mealTargets = MealTargets(geonames: parts.geonames, timeZone: settings.timeZone, now: parts.now)
        modelHelp = settings.model.map(ModelHelp.init)
        online = FoodDataCentralOnline(baseURL: settings.fdcBaseURL, deadline: settings.fdcDeadline)
        openFoodFacts = OpenFoodFactsOnline(baseURL: settings.offBaseURL, deadline: settings.fdcDeadline)
    }
}

/// Signing in, the account page, people and diaries.
private func addSignInRoutes(to routes: Routes, _ parts: FeatureParts) throws {
    let (settings, accounts, authentication, renderer, logger, now) = (
        parts.settings, parts.accounts, parts.authentication, parts.renderer, parts.logger, parts.now
    )
    let throttle = SignInThrottle(), devices = SignInDevices(secret: parts.secret), challenges = SecondStepChallenges()
    let methods = SignInMethods(password: settings.passwordSignIn, singleSignOn: settings.singleSignOn?.name)
    let signIn = SignInController(
        accounts: accounts, authentication: authentication, throttle: throttle, devices: devices, challenges: challenges,
        setup: parts.setup, methods: methods, renderer: renderer, logger: logger, now: now)
    signIn.addRoutes(to: routes)
    let recentSignIn = RecentSignIn(accounts: accounts, authentication: authentication, throttle: throttle, now: now)
    SingleSignOnController(
        provider: settings.singleSignOn.map(OpenIDProvider.init), logins: OpenIDLogins(), accounts: accounts,
        authentication: authentication, signIn: signIn, recentSignIn: recentSignIn, renderer: renderer, logger: logger,
        now: now
    ).addRoutes(to: routes)
    SecondStepController(
        accounts: accounts, authentication: authentication, throttle: throttle, devices: devices, challenges: challenges,
        seal: SecondStepSeal(serverSecret: parts.secret), signIn: signIn, recentSignIn: recentSignIn, renderer: renderer, logger: logger,
        now: now
    ).addRoutes(to: routes)
    PasskeyController(
        accounts: accounts, authentication: authentication, challenges: PasskeyChallenges(), signIn: signIn, recentSignIn: recentSignIn,
        logger: logger, now: now
    ).addRoutes(to: routes)
    AccountController(
        accounts: accounts, authentication: authentication, throttle: throttle, recentSignIn: recentSignIn,
        singleSignOn: settings.singleSignOn, renderer: renderer, logger: logger, timeZone: settings.timeZone, now: now
    ).addRoutes(to: routes)
    DiariesController(diaries: parts.diaries, renderer: renderer, logger: logger, now: now).addRoutes(to: routes)
    PeopleController(
        accounts: accounts, authentication: authentication, singleSignOn: settings.singleSignOn, methods: methods, renderer: renderer,
        logger: logger, timeZone: settings.timeZone, now: now
    ).addRoutes(to: routes)
    MorePageController(accounts: accounts, languages: parts.languages, renderer: renderer).addRoutes(to: routes)
}

/// Reminders: what a person is reminded of, the browsers that take them, a test push; and the
/// scheduler that sends them.
private func addReminderRoutes(to routes: Routes, _ parts: FeatureParts) throws -> ReminderScheduler {
    let settings = parts.settings
    let devices = try PushDevices(settings: settings, accounts: parts.accounts)
    let mail = settings.mail.map(OutboundMail.init)
    RemindersController(
        accounts: parts.accounts, devices: devices, mail: mail, renderer: parts.renderer, timeZone: settings.timeZone, now: parts.now
    ).addRoutes(to: routes)
    return ReminderScheduler(
        accounts: parts.accounts, diaries: parts.diaries, devices: devices, mail: mail, languages: parts.languages,
        logger: parts.logger, now: parts.now)
}

/// Meals, their photos and places, itemising them and the owner's model.
private func addMealRoutes(to routes: Routes, _ parts: FeatureParts, _ shared: SharedServices) {
    let (settings, geonames, renderer, now) = (parts.settings, parts.geonames, parts.renderer, parts.now)
    MealPagesController(
        geonames: geonames, maxUploadBytes: settings.maxUploadBytes, renderer: renderer, timeZone: settings.timeZone, now: now,
        model: settings.model
    ).addRoutes(to: routes)
    ModelHelpController(help: shared.modelHelp, renderer: renderer).addRoutes(to: routes)
    LabelReadingController(help: shared.modelHelp, renderer: renderer).addRoutes(to: routes)
    MealsAPIController().addRoutes(to: routes)
    PhotoPagesController().addRoutes(to: routes)
    PlacePagesController(renderer: renderer, timeZone: settings.timeZone).addRoutes(to: routes)
    PlacesAPIController().addRoutes(to: routes)
    FavouritesController(renderer: renderer, timeZone: settings.timeZone, now: now).addRoutes(to: routes)
    QuickAddController(renderer: renderer, now: now).addRoutes(to: routes)
    ItemisingController(
        geonames: geonames, maxUploadBytes: settings.maxUploadBytes, renderer: renderer, timeZone: settings.timeZone, now: now
    )
    .addRoutes(to: routes)
}

/// Foods: ＋, typed meals, the food pages, a meal's foods, online searches, barcodes, recipes and
/// one's own foods, and the assistant that logs them.
private func addFoodRoutes(to routes: Routes, _ parts: FeatureParts, _ shared: SharedServices) {
    let (settings, catalog, renderer, now) = (parts.settings, parts.catalog, parts.renderer, parts.now)
    let (household, targets, online, openFoodFacts, key) = (
        shared.household, shared.mealTargets, shared.online, shared.openFoodFacts, settings.fdcAPIKey
    )
    FoodPagesController(catalog: catalog, renderer: renderer, logTargets: targets.foodPageChoice).addRoutes(to: routes)
    FoodsAPIController(catalog: catalog).addRoutes(to: routes)
    LogController(catalog: catalog, household: household, targets: targets, renderer: renderer).addRoutes(to: routes)
    TextLogController(catalog: catalog, household: household, targets: targets, renderer: renderer).addRoutes(to: routes)
    AssistantController(
        services: AssistantServices(
            catalog: catalog, household: household, targets: targets, accounts: parts.accounts,
            timeZone: settings.timeZone, logger: parts.logger, now: now)
    ).addRoutes(to: routes)
    RecipeImportController(
        catalog: catalog, household: household, fetcher: RecipePageFetcher(allowsHomeNetwork: settings.recipePagesOnHomeNetwork),
        reading: InFlightLimit(limit: SchemaRecipe.readingsAtOnce), renderer: renderer, now: now
    ).addRoutes(to: routes)
    EntryPagesController(
        catalog: catalog, household: household, online: online, openFoodFacts: openFoodFacts, serverKey: key, renderer: renderer, now: now
    )
    .addRoutes(to: routes)
    OnlineFoodsController(catalog: catalog, online: online, openFoodFacts: openFoodFacts, serverKey: key, renderer: renderer, now: now)
        .addRoutes(to: routes)
    BarcodePhotoController(
        products: BarcodeProducts(catalog: catalog, online: online, openFoodFacts: openFoodFacts, now: now), targets: targets,
        serverKey: key, renderer: renderer
    ).addRoutes(to: routes)
    FoodDataCentralSettingsController(serverKey: key, renderer: renderer).addRoutes(to: routes)
    FoodDataCentralAPIController(catalog: catalog).addRoutes(to: routes)
    SavedFoodsController(catalog: catalog, renderer: renderer, now: now).addRoutes(to: routes)
    MyFoodsController(household: household, renderer: renderer, now: now, model: settings.model).addRoutes(to: routes)
    RecipesController(
        catalog: catalog, household: household, online: online, openFoodFacts: openFoodFacts, serverKey: key, renderer: renderer,
        timeZone: settings.timeZone, now: now
    ).addRoutes(to: routes)
}

/// Days, trends, goals and needs; exercise, the body, and what a phone sends.
private func addDayAndBodyRoutes(to routes: Routes, _ parts: FeatureParts) {
    let (renderer, timeZone, now) = (parts.renderer, parts.settings.timeZone, parts.now)
    DayPagesController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    ActivityController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    HealthAPIController(diaries: parts.diaries, timeZone: timeZone, now: now).addRoutes(to: routes)
    BodyController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    EnergyController(renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    NutrientsController(renderer: renderer).addRoutes(to: routes)
    BodyAPIController(timeZone: timeZone, now: now).addRoutes(to: routes)
    ReportsController(
        diaries: parts.diaries, accounts: parts.accounts, authentication: parts.authentication, renderer: renderer, timeZone: timeZone,
        now: now
    ).addRoutes(to: routes)
}

/// The week's plan and its shopping list.
private func addPlanRoutes(to routes: Routes, _ parts: FeatureParts, _ shared: SharedServices) {
    let (diaries, catalog, renderer, timeZone, now) = (parts.diaries, parts.catalog, parts.renderer, parts.settings.timeZone, parts.now)
    PlanController(
        diaries: diaries, catalog: catalog, household: shared.household, targets: shared.mealTargets, renderer: renderer,
        timeZone: timeZone, now: now
    ).addRoutes(to: routes)
    ShoppingController(diaries: diaries, catalog: catalog, renderer: renderer, timeZone: timeZone, now: now).addRoutes(to: routes)
    PlanAPIController(catalog: catalog, timeZone: timeZone, now: now).addRoutes(to: routes)
}

/// The household's sharing, backups, and a diary's export and import.
private func addHouseholdRoutes(to routes: Routes, _ parts: FeatureParts, _ shared: SharedServices) {
    let (settings, renderer, logger, now) = (parts.settings, parts.renderer, parts.logger, parts.now)
    MealSharingController(sharing: MealSharing(diaries: parts.diaries, now: now), renderer: renderer, logger: logger).addRoutes(to: routes)
    HouseholdFoodsController(household: shared.household, now: now).addRoutes(to: routes)
    BackupsController(
        maker: BackupMaker(dataDirectory: settings.dataDirectory, now: now), folder: .backups(settings.backupsPath),
        plan: settings.backupSchedule, dataDirectory: settings.dataDirectory, renderer: renderer, logger: logger,
        timeZone: settings.timeZone
    ).addRoutes(to: routes)
    PortabilityController(
        catalog: parts.catalog, renderer: renderer, timeZone: settings.timeZone, maxUploadBytes: settings.maxUploadBytes,
        maxImportBytes: settings.maxImportBytes, now: now
    ).addRoutes(to: routes)
}
