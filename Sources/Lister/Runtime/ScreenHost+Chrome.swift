/// Each host draws the chrome its screen asks for.
extension ListHost {
    var chrome: ScreenChrome { screen.chrome }
}

extension SectionsHost {
    var chrome: ScreenChrome { screen.chrome }
}

extension DetailHost {
    var chrome: ScreenChrome { screen.chrome }
}
