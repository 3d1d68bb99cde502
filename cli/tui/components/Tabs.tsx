/** The numbered screens (lazygit-style): the current one inverse. */
import { Box, Text } from 'ink';
import { SCREENS, SCREEN_TABS, type ScreenId } from '../state/app.js';
import type { Theme } from '../theme.js';

export function Tabs({ screen, width, theme, sandbox }: { screen: ScreenId; width: number; theme: Theme; sandbox: boolean }) {
  // Below 78 columns only the numbers and the current screen's name fit.
  const compact = width < 78;
  return (
    <Box width={width} height={1}>
      {SCREENS.map((id, index) => {
        const current = id === screen;
        const label = compact && !current ? `${index + 1}` : `${index + 1} ${SCREEN_TABS[id]}`;
        const unavailable = id === 'sandbox' && !sandbox;
        return (
          <Box key={id} marginRight={index < SCREENS.length - 1 ? 1 : 0}>
            <Text inverse={current} bold={current} color={unavailable ? theme.muted : undefined} dimColor={unavailable}>
              {label}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
