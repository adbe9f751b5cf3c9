import { MantineProvider, AppShell, Anchor, Button, Group, Loader, Progress, Box, Paper, Stack, Title, TextInput, PasswordInput, Alert, Text, Center, NativeSelect } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Link, NavLink, Outlet, useNavigation } from 'react-router-dom';
import { IntlProvider, useIntl } from 'react-intl';
function Page() { const intl = useIntl(); const n = useNavigation(); return <AppShell header={{height:60}}><AppShell.Header><Group><Anchor component={Link} to="/">x</Anchor><Anchor component={NavLink} to="/a">y</Anchor><NativeSelect data={['a','b']} />{n.state!=='idle' && <Progress value={1}/>}</Group></AppShell.Header><AppShell.Main><Box><Center><Loader/></Center><Paper><Stack><Title>{intl.formatMessage({id:'a'})}</Title><Alert>x</Alert><TextInput label="a"/><PasswordInput label="b"/><Button>go</Button><Text>t</Text></Stack></Paper><Outlet/></Box></AppShell.Main></AppShell>; }
const router = createBrowserRouter([{ path: '/', Component: Page }]);
createRoot(document.getElementById('root')!).render(<MantineProvider><IntlProvider locale="en" messages={{a: 'Hello {count, plural, one {#} other {#}}'}}><RouterProvider router={router} /></IntlProvider></MantineProvider>);
