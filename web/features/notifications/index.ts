// The notifications feature's public entry: the preferences and browser permission the settings tab
// edits. The bell is loaded lazily by the site navigation, never from here.
export { useBrowserNotifications, type BrowserPermission } from './browser-notifications';
export { useNotificationPreferences, useSaveNotificationPreferences } from './notifications-api';
